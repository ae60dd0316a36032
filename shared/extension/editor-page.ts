/**
 * The editor page's address inside the extension. The website sends users back to it ("Return to
 * editor" after checkout), so it is web-accessible to the site origins, and the address carries
 * the capture to reopen.
 */
export const EDITOR_PAGE_PATH = '/editor.html';

/** The editor page's path, on capture `captureId` when given (`editor.html?id=…`). */
export function editorPagePath(captureId?: string | null): string {
  const page = EDITOR_PAGE_PATH.replace(/^\//, '');
  return captureId ? `${page}?id=${encodeURIComponent(captureId)}` : page;
}

/** The capture id in an editor address (the `next` URL the site gives back), or null. */
export function captureIdOf(editorUrl: string): string | null {
  try {
    const url = new URL(editorUrl);
    return url.pathname === EDITOR_PAGE_PATH ? url.searchParams.get('id') : null;
  } catch {
    return null;
  }
}
