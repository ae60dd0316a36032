/**
 * How an app path's prerendered first paint (what a signed-out visitor sees, prerender.tsx) marks
 * its root. It is never hydrated: the SPA renders the page anew (main.tsx) and React swaps it in at
 * its first commit. While that markup is the page, `lib/auth.ts` starts signed out when this
 * browser stores no session. (Not in prerendered-root.ts: that module is part of the entry.)
 */
export const SIGNED_OUT_PAINT_ATTRIBUTE = 'data-signed-out-paint';
