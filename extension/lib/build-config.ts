import { editorPagePath } from '#shared/extension/editor-page';

/** Values fixed at build time by scripts/build-extension.ts (esbuild `define`). */
declare const __FPS_SITE_ORIGINS__: string[];
declare const __FPS_SITE_URL__: string;
declare const __FPS_TEST_HOOKS__: boolean;

/** Origins whose pages may talk to the frame page (login and handshake). */
export const SITE_ORIGINS: readonly string[] = __FPS_SITE_ORIGINS__;
/** Base URL of the website for links (account, checkout, premium). */
export const SITE_URL: string = __FPS_SITE_URL__;
/** Test builds read overrides (such as lower canvas limits) from storage; release builds never do. */
export const TEST_HOOKS: boolean = __FPS_TEST_HOOKS__;

/**
 * A link to the website that brings the user back to the editor afterwards: on capture
 * `captureId` when given, so "Return to editor" after checkout reopens that capture.
 */
export function siteLink(path: '/account' | '/checkout' | '/premium', captureId?: string): string {
  const url = new URL(path, SITE_URL);
  url.searchParams.set('next', chrome.runtime.getURL(editorPagePath(captureId)));
  return url.toString();
}
