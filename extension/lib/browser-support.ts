/**
 * What this browser offers, found out at run time: the same code runs in the Chrome and the
 * Firefox build (scripts/build-extension.ts, `target`).
 */

/**
 * Fast mode needs `chrome.debugger`. Chrome exposes it only once the optional permission is
 * granted, so its absence alone says nothing there; the manifest tells: the Chrome build asks for
 * `debugger`, the Firefox build (which has no such API) does not.
 */
export function fastModeAvailable(): boolean {
  if (typeof chrome.debugger !== 'undefined') return true;
  const m = chrome.runtime.getManifest();
  return [...(m.permissions ?? []), ...(m.optional_permissions ?? [])].includes('debugger');
}
