/**
 * What this browser offers, found out at run time: the same code runs in the Chrome and the
 * Firefox build (scripts/build-extension.ts, `target`).
 */
import { IFRAME_ORIGINS } from '#shared/extension/messages';
import { CHROME_CANVAS_LIMITS, FIREFOX_CANVAS_LIMITS, type CanvasLimits } from '../capture/split-planner';

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

/** Firefox serves an add-on's pages from moz-extension://, Chrome from chrome-extension://. */
export function isFirefox(): boolean {
  return chrome.runtime.getURL('').startsWith('moz-extension:');
}

/** The largest canvas this browser draws (the editor stitches each split image on one). */
export function browserCanvasLimits(): CanvasLimits {
  return isFirefox() ? FIREFOX_CANVAS_LIMITS : CHROME_CANVAS_LIMITS;
}

/**
 * The optional host permission "access your data for all websites": iFrame access in both
 * browsers, and in Firefox also what `tabs.captureTab` needs (background/tab-capture.ts).
 */
export const ALL_SITES: chrome.permissions.Permissions = { origins: IFRAME_ORIGINS };
