/**
 * Pages Chrome does not let extensions script or capture. For these the user gets a message
 * instead of a blank image.
 */
const RESTRICTED_SCHEMES = ['chrome:', 'chrome-untrusted:', 'edge:', 'devtools:', 'chrome-search:', 'view-source:', 'about:', 'data:', 'javascript:', 'blob:'];
const STORE_PREFIXES = [
  'https://chromewebstore.google.com/',
  'https://chrome.google.com/webstore',
  'https://microsoftedge.microsoft.com/addons',
];

export type RestrictedReason = 'browser-page' | 'web-store' | 'extension-page' | 'pdf-viewer' | 'file-access' | null;

export function restrictedReason(url: string | undefined, ownExtensionOrigin?: string): RestrictedReason {
  if (!url) return 'browser-page';
  if (STORE_PREFIXES.some((p) => url.startsWith(p))) return 'web-store';
  if (url.startsWith('chrome-extension:') || url.startsWith('extension:')) {
    // The built-in PDF viewer is an extension page.
    if (url.startsWith('chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/')) return 'pdf-viewer';
    if (ownExtensionOrigin && url.startsWith(ownExtensionOrigin)) return 'extension-page';
    return 'extension-page';
  }
  if (RESTRICTED_SCHEMES.some((s) => url.startsWith(s))) return 'browser-page';
  return null;
}

export const RESTRICTED_MESSAGES: Record<Exclude<RestrictedReason, null>, string> = {
  'browser-page': 'This is a browser page (such as chrome:// or a new tab). Chrome does not allow extensions to capture it. Open a regular web page and try again.',
  'web-store': 'Chrome does not allow extensions to capture the Chrome Web Store. Open another page and try again.',
  'extension-page': "Pages of other extensions can't be captured. Open a regular web page and try again.",
  'pdf-viewer': "Chrome's PDF viewer can't be captured by extensions. Download the PDF instead, or open a regular web page.",
  'file-access': 'To capture local files, turn on "Allow access to file URLs" for this extension on the chrome://extensions page, then try again.',
};
