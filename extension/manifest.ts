/** The MV3 manifest, built from options so tests and releases share one definition. */
import { originToMatchPattern } from '#shared/extension/site-origins';
import { BRIDGE_FRAME_PATH } from '#shared/extension/bridge-protocol';
import { EDITOR_PAGE_PATH } from '#shared/extension/editor-page';
import { PRODUCT_NAME } from '#shared/domain/product-name';

export interface ManifestOptions {
  version: string;
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
/** Required at install: nothing that shows a warning beyond the page you click on. */
const REQUIRED_PERMISSIONS = ['activeTab', 'scripting', 'storage'] as const;
/** Requested only when a feature needs them, and revocable from the options page. */
const OPTIONAL_PERMISSIONS = ['downloads', 'debugger'] as const;
/** "iFrame access": lets the capture scroll frames from other sites. Requested only when turned on. */
const OPTIONAL_HOST_PERMISSIONS = ['<all_urls>'] as const;
const CAPTURE_SHORTCUT = 'Alt+Shift+P';

export const ICON_SIZES = [16, 32, 48, 128] as const;

export function createManifest(o: ManifestOptions): chrome.runtime.ManifestV3 {
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
    commands: {
      // _execute_action fires action.onClicked, which grants activeTab just like a click.
      _execute_action: { suggested_key: { default: CAPTURE_SHORTCUT }, description: 'Capture the whole page' },
    },
    options_ui: { page: 'options.html', open_in_tab: true },
    web_accessible_resources: [
      // The editor too: the site's "Return to editor" link (after checkout) opens it on a capture.
      { resources: [BRIDGE_FRAME_PATH, EDITOR_PAGE_PATH].map((p) => p.replace(/^\//, '')), matches: o.siteOrigins.map(originToMatchPattern) },
    ],
  } as chrome.runtime.ManifestV3;
}
