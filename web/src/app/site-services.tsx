import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isHandshakeSkipped } from '#shared/rules/extension-handshake';
import { isAllowedNextUrl, STRIPPED_QUERY_PARAMS } from '#shared/rules/next-url';
import { bridgeOrigins, ExtensionBridge, siteExtensionOrigins, useExtensionBridge } from '../lib/extension-bridge';
import { startErrorReporting } from '../lib/error-reporting';
import { useRuntimeConfig } from '../lib/runtime-config';
import { storeNextUrl } from '../lib/storage';

/**
 * What every page runs but nothing on it needs to paint, as one component that renders nothing:
 * the page-level rules, the extension bridge and error reporting. The site's providers load it
 * lazily (app/providers.tsx), so it stays out of every page's first-load JavaScript.
 *
 * - Page-level rules: 'next' and 'p' leave the address bar on load; 'next' is stored only when it
 *   points into an allowed extension origin.
 * - The extension bridge: made once the runtime config is read, handed to the providers through
 *   `onBridge`; the handshake runs on every page whose last path segment does not start with '_'.
 * - Error reporting: on only in production builds on the product's own hosts.
 */
export default function SiteServices({ onBridge }: { onBridge: (bridge: ExtensionBridge | null) => void }) {
  usePageRules();
  useBridge(onBridge);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void startErrorReporting().then((s) => (cancelled ? s() : (stop = s)));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
  return null;
}

function usePageRules() {
  const location = useLocation();
  const navigate = useNavigate();
  const config = useRuntimeConfig();
  // The raw 'next' waits here until the config (the allowed origins) is known.
  const heldNext = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!STRIPPED_QUERY_PARAMS.some((k) => params.has(k))) return;
    const next = params.get('next');
    if (next) heldNext.current = next;
    for (const k of STRIPPED_QUERY_PARAMS) params.delete(k);
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [location.search, location.pathname, location.hash, location.state, navigate]);

  useEffect(() => {
    if (!config || !heldNext.current) return;
    const next = heldNext.current;
    heldNext.current = null;
    if (isAllowedNextUrl(next, siteExtensionOrigins(config.extensionOrigins))) storeNextUrl(next);
  }, [config, location.search]);
}

function useBridge(onBridge: (bridge: ExtensionBridge | null) => void) {
  const config = useRuntimeConfig();
  const { pathname } = useLocation();
  const bridge = useExtensionBridge();

  useEffect(() => {
    if (!config) return;
    const b = new ExtensionBridge({ origins: () => bridgeOrigins(config.extensionOrigins) });
    onBridge(b);
    return () => b.dispose();
  }, [config, onBridge]);

  useEffect(() => {
    if (bridge && !isHandshakeSkipped(pathname)) bridge.connect().catch(() => {});
  }, [bridge, pathname]);
}
