/**
 * Origins of the extension's pages that call the API and the image bucket themselves (the editor's
 * Save to library, docs/security.md "CORS"). Chrome's is `chrome-extension://<id>`, listed per
 * environment. Firefox serves an add-on's pages from `moz-extension://<uuid>` with a UUID random
 * per profile (extension/README.md, "Firefox"), so no list can hold it: the scheme is allowed, as
 * a pattern with one `*` in the form S3's and API Gateway's CORS settings take.
 */
export const FIREFOX_ADDON_ORIGINS = 'moz-extension://*';

/** The extension origins a CORS list allows: the environment's Chrome ones and any Firefox add-on's. */
export function extensionCorsOrigins(chromeOrigins: readonly string[]): string[] {
  return [...chromeOrigins, FIREFOX_ADDON_ORIGINS];
}

/** Whether a CORS list (exact origins, or patterns with one `*`, as S3 matches them) allows `origin`. */
export function corsAllows(allowed: readonly string[], origin: string): boolean {
  return allowed.some((entry) => {
    const star = entry.indexOf('*');
    if (star < 0) return entry === origin;
    const [head, tail] = [entry.slice(0, star), entry.slice(star + 1)];
    return origin.length > head.length + tail.length && origin.startsWith(head) && origin.endsWith(tail);
  });
}
