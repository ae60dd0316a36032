/**
 * How an app path's prerendered first paint marks its root. That paint is true for every visitor:
 * header, the page's h1 and "Checking your sign-in…" (prerender.tsx), the same state the SPA
 * renders first. It is never hydrated: the SPA renders the page anew (main.tsx) and React swaps it
 * in at its first commit. `auth.ts` (beside it) reads the mark to move a browser that stores no session
 * to signed out without waiting for Amplify. (Not in app/prerendered-root.ts: that module is part of
 * the entry.)
 */
export const AUTH_PENDING_PAINT_ATTRIBUTE = 'data-auth-pending-paint';
