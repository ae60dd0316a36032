/**
 * Whether this browser may hold a Cognito session, read before the first paint of /account and
 * /checkout. Their HTML carries two paints (web/src/prerender.tsx): the signed-out view, and the
 * page's h1 with "Checking your sign-in…". A tiny inline script in <head> marks <html> when
 * Amplify's token store holds a session, and an inline style beside it shows the matching paint
 * (inline, so it holds before any stylesheet or module has loaded), so no visitor sees a state
 * they are not in. The CSP allows exactly this script by its hash.
 */

/** Amplify's default token store keeps the signed-in user's name under this key (one per app client). */
export const STORED_SESSION_KEY = /^CognitoIdentityServiceProvider\.[^.]+\.LastAuthUser$/;

/** Set on <html> by the probe when a session may be stored (also when storage cannot be read). */
export const STORED_SESSION_ATTRIBUTE = 'data-stored-session';

/** Which paint a wrapper inside #root holds. */
export const PAINT_FOR_ATTRIBUTE = 'data-paint-for';
export const PAINT_FOR = { noSession: 'no-session', storedSession: 'stored-session' } as const;

/** The probe, as it goes into <head> verbatim (its hash is in the CSP, so keep it byte-stable). */
export const STORED_SESSION_PROBE_SCRIPT =
  `(function(){var d=document.documentElement,k=${STORED_SESSION_KEY.toString()};` +
  `try{for(var i=0;i<localStorage.length;i++)if(k.test(localStorage.key(i)||''))return d.setAttribute('${STORED_SESSION_ATTRIBUTE}','')}` +
  `catch(e){d.setAttribute('${STORED_SESSION_ATTRIBUTE}','')}})()`;

/** Shows only the paint the probe chose; wrappers take no box of their own. */
export const PAINT_CHOICE_STYLE =
  `[${PAINT_FOR_ATTRIBUTE}]{display:contents}` +
  `html[${STORED_SESSION_ATTRIBUTE}] [${PAINT_FOR_ATTRIBUTE}="${PAINT_FOR.noSession}"],` +
  `html:not([${STORED_SESSION_ATTRIBUTE}]) [${PAINT_FOR_ATTRIBUTE}="${PAINT_FOR.storedSession}"]{display:none}`;
