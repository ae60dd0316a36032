import { editorPagePath } from '#shared/extension/editor-page';

/** Values fixed at build time by scripts/build-extension.ts (esbuild `define`). */
declare const __FPS_SITE_ORIGINS__: string[];
declare const __FPS_SITE_URL__: string;
declare global {
  /**
   * True in test builds only. Test-only code (`globalThis.fpsLastRun`, the `testHooks` storage
   * overrides) must sit behind `if (__FPS_TEST_HOOKS__)` itself: esbuild replaces the define with
   * a literal and drops the dead branch, strings included. An exported constant would not do, as
   * esbuild does not inline constants across modules, so the branch would ship in the store build.
   */
  const __FPS_TEST_HOOKS__: boolean;
}

/** Origins whose pages may talk to the frame page (login and handshake). */
export const SITE_ORIGINS: readonly string[] = __FPS_SITE_ORIGINS__;
/** Base URL of the website for links (account, checkout, premium). */
const SITE_URL: string = __FPS_SITE_URL__;

/**
 * A link to the website that brings the user back to the editor afterwards: on capture
 * `captureId` when given, so "Return to editor" after checkout reopens that capture.
 */
export function siteLink(path: '/account' | '/checkout' | '/premium' | '/auth/signin' | '/images', captureId?: string): string {
  const url = new URL(path, SITE_URL);
  url.searchParams.set('next', chrome.runtime.getURL(editorPagePath(captureId)));
  return url.toString();
}

/** The library on the website, with `imageId` open in its viewer. */
export function libraryLink(imageId: string): string {
  const url = new URL('/images', SITE_URL);
  url.searchParams.set('image', imageId);
  return url.toString();
}
