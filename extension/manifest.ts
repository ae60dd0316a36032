/**
 * The MV3 manifest, built from options so tests and releases share one definition. One source, two
 * builds: every difference between the Chrome and the Firefox manifest is in this file, behind
 * `target` (extension/README.md, "Firefox").
 */
import { originToFirefoxMatchPattern, originToMatchPattern } from '#shared/extension/site-origins';
import { BRIDGE_FRAME_PATH } from '#shared/extension/bridge-protocol';
import { EDITOR_PAGE_PATH } from '#shared/extension/editor-page';
import { PRODUCT_NAME } from '#shared/domain/product-name';
import { FIREFOX_MIN_VERSION } from '#shared/extension/store-links';
import { manifestCommands, suggestedKey } from './lib/capture-modes';

/** The browser a build is for; scripts/build-extension.ts threads it through the whole build. */
export type BrowserTarget = 'chrome' | 'firefox';

export interface ManifestOptions {
  version: string;
  /** Default 'chrome' (Chrome and Edge). */
  target?: BrowserTarget;
  siteOrigins: readonly string[];
  /**
   * Test builds only: grant the optional permissions at install, because a headless browser
   * cannot click "Allow" on a permission prompt.
   */
  grantOptionalPermissions?: boolean;
  /** Test builds only: host permissions granted at install (stand-in for a granted iFrame access). */
  hostPermissions?: string[];
}

const EXTENSION_NAME = PRODUCT_NAME;
/**
 * Required at install: nothing that shows a warning beyond the page you click on (`contextMenus`,
 * the toolbar button's menu of capture modes, shows none).
 */
const REQUIRED_PERMISSIONS = ['activeTab', 'contextMenus', 'scripting', 'storage'] as const;
/** Requested only when a feature needs them, and revocable from the options page. */
const OPTIONAL_PERMISSIONS = ['downloads', 'debugger'] as const;
/** Firefox has no `chrome.debugger`, so no fast mode (the options page says why). */
const FIREFOX_OPTIONAL_PERMISSIONS = ['downloads'] as const;
/** "iFrame access": lets the capture scroll frames from other sites. Requested only when turned on. */
const OPTIONAL_HOST_PERMISSIONS = ['<all_urls>'] as const;
const CAPTURE_SHORTCUT = suggestedKey({ kind: 'whole', delay: 0 });

export const ICON_SIZES = [16, 32, 48, 128] as const;

/**
 * The add-on's id on addons.mozilla.org (an email-like id on the product's domain): fixed, so
 * storage, granted permissions and the site's links survive updates and temporary installs.
 */
export const GECKO_ID = 'fullpage-shot@fullpageshot.example';
/** The oldest Firefox the add-on installs in; why: shared/extension/store-links.ts (the FAQ names it too). */
export const GECKO_MIN_VERSION = FIREFOX_MIN_VERSION;

/** ManifestV3 but `background` (`Omit` would keep only the index signature @types/chrome gives it). */
type ManifestV3WithoutBackground = { [K in keyof chrome.runtime.ManifestV3 as K extends 'background' ? never : K]: chrome.runtime.ManifestV3[K] };
/** Firefox's manifest: @types/chrome knows neither its event page nor `browser_specific_settings`. */
export type FirefoxManifest = ManifestV3WithoutBackground & {
  background: { scripts: string[]; type?: 'module' };
  browser_specific_settings: { gecko: { id: string; strict_min_version: string; data_collection_permissions: { required: string[] } } };
};
export type ExtensionManifest = chrome.runtime.ManifestV3 | FirefoxManifest;

export function createManifest(o: ManifestOptions): ExtensionManifest {
  return o.target === 'firefox' ? firefoxManifest(o) : chromeManifest(o);
}

/**
 * Firefox's manifest: the Chrome one with a gecko id, an event page for the background script,
 * no debugger permission and no Chrome-only keys.
 */
function firefoxManifest(o: ManifestOptions): FirefoxManifest {
  const { minimum_chrome_version: _chromeOnly, background: _worker, ...base } = chromeManifest(o);
  const optional = o.grantOptionalPermissions ? [] : [...FIREFOX_OPTIONAL_PERMISSIONS];
  const required = o.grantOptionalPermissions ? [...REQUIRED_PERMISSIONS, ...FIREFOX_OPTIONAL_PERMISSIONS] : [...REQUIRED_PERMISSIONS];
  // Firefox's match patterns take no port.
  const sitePatterns = [...new Set(o.siteOrigins.map(originToFirefoxMatchPattern))];
  return {
    ...base,
    // An event page: Firefox runs MV3 background scripts in a page, not a service worker.
    background: { scripts: ['service-worker.js'], type: 'module' },
    permissions: required,
    optional_permissions: optional,
    web_accessible_resources: base.web_accessible_resources?.map((r) => ({ ...r, matches: sitePatterns })),
    // The site cannot know this add-on's moz-extension:// origin: its pages are told it
    // (shared/extension/announced-origin.ts). A content script needs host permission for the site
    // in MV3 Firefox, which grants what host_permissions lists at install (Firefox 127 and later).
    content_scripts: [{ matches: sitePatterns, js: ['announce-origin.js'], run_at: 'document_start' }],
    host_permissions: [...new Set([...sitePatterns, ...(o.hostPermissions ?? [])])],
    browser_specific_settings: {
      gecko: {
        id: GECKO_ID,
        strict_min_version: GECKO_MIN_VERSION,
        // Nothing leaves the browser unless the user clicks "Save to library" (their own account).
        data_collection_permissions: { required: ['none'] },
      },
    },
  };
}

function chromeManifest(o: ManifestOptions): chrome.runtime.ManifestV3 {
  const icons = Object.fromEntries(ICON_SIZES.map((s) => [String(s), `icons/icon-${s}.png`]));
  return {
    manifest_version: 3,
    name: EXTENSION_NAME,
    description: 'Capture a whole web page in one click, without scrolling by hand. Export as PNG, JPG or PDF.',
    version: o.version,
    minimum_chrome_version: '116',
    icons,
    action: { default_title: `Capture the whole page (${CAPTURE_SHORTCUT})`, default_icon: icons },
    background: { service_worker: 'service-worker.js', type: 'module' },
    permissions: o.grantOptionalPermissions ? [...REQUIRED_PERMISSIONS, ...OPTIONAL_PERMISSIONS] : [...REQUIRED_PERMISSIONS],
    optional_permissions: o.grantOptionalPermissions ? [] : [...OPTIONAL_PERMISSIONS],
    optional_host_permissions: [...OPTIONAL_HOST_PERMISSIONS],
    ...(o.hostPermissions?.length ? { host_permissions: o.hostPermissions } : {}),
    // One per capture mode (lib/capture-modes.ts). _execute_action fires action.onClicked, and
    // every command grants activeTab just like a click.
    commands: manifestCommands(),
    options_ui: { page: 'options.html', open_in_tab: true },
    web_accessible_resources: [
      // The editor too: the site's "Return to editor" link (after checkout) opens it on a capture.
      { resources: [BRIDGE_FRAME_PATH, EDITOR_PAGE_PATH].map((p) => p.replace(/^\//, '')), matches: o.siteOrigins.map(originToMatchPattern) },
    ],
  } as chrome.runtime.ManifestV3;
}
