/**
 * Where each browser gets the extension, and which store a visitor's browser should be sent to.
 * Every "Get the extension" link on the site reads these (issue #33 §2).
 */
export type StoreBrowser = 'chrome' | 'edge' | 'firefox';

export interface ExtensionStore {
  id: StoreBrowser;
  /** The browser's name as the copy says it. */
  browser: string;
  /** What the store calls the listing, for links that name the kind of thing ("Edge add-on"). */
  listing: string;
  url: string;
}

export const EXTENSION_STORES: Readonly<Record<StoreBrowser, ExtensionStore>> = {
  chrome: { id: 'chrome', browser: 'Chrome', listing: 'Chrome extension', url: 'https://chromewebstore.google.com/search/Full%20Page%20Shot' },
  edge: { id: 'edge', browser: 'Edge', listing: 'Edge add-on', url: 'https://microsoftedge.microsoft.com/addons/search/Full%20Page%20Shot' },
  firefox: { id: 'firefox', browser: 'Firefox', listing: 'Firefox add-on', url: 'https://addons.mozilla.org/firefox/search/?q=Full%20Page%20Shot' },
};

/**
 * Firefox 140 (the current ESR): `scripting.executeScript` with `world: 'MAIN'` needs 128, and
 * `data_collection_permissions` (which AMO asks every new add-on to declare) is read from 140 on.
 */
export const FIREFOX_MIN_VERSION = '140.0';

/** The order the site lists them in. */
export const STORE_ORDER: readonly StoreBrowser[] = ['chrome', 'edge', 'firefox'];

/** "Chrome, Edge and Firefox": the browsers the extension is for, as the copy names them. */
export const SUPPORTED_BROWSERS = STORE_ORDER.map((id) => EXTENSION_STORES[id].browser).join(', ').replace(/, ([^,]*)$/, ' and $1');

/**
 * The store for a browser's user agent: Edge says "Edg/" (desktop), "EdgA/" or "EdgiOS/";
 * Firefox "Firefox/" or "FxiOS/". Anything else, Chromium-based or not, gets Chrome's.
 */
export function storeBrowserOf(userAgent: string): StoreBrowser {
  if (/\bEdg(?:A|iOS)?\//.test(userAgent)) return 'edge';
  if (/\b(?:Firefox|FxiOS)\//.test(userAgent)) return 'firefox';
  return 'chrome';
}
