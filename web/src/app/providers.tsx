import { useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isHandshakeSkipped } from '#shared/rules/extension-handshake';
import { isAllowedNextUrl, STRIPPED_QUERY_PARAMS } from '#shared/rules/next-url';
import { bridgeOrigins, ExtensionBridge, ExtensionBridgeContext } from '../lib/extension-bridge';
import { useRuntimeConfig } from '../lib/runtime-config';
import { storeNextUrl } from '../lib/storage';

/**
 * Site-wide providers, rendered inside the router by the root layout. They are light on purpose
 * (no Amplify, no account code): every page, marketing pages included, runs them.
 *
 * - Page-level rules: 'next' and 'p' leave the address bar on load; 'next' is stored only when it
 *   points into an allowed extension origin.
 * - The extension bridge: the handshake runs on every page whose last path segment does not start
 *   with '_'.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  usePageRules();
  return <ExtensionBridgeProvider>{children}</ExtensionBridgeProvider>;
}

/** Renders AppProviders unless an outer AppProviders already did (account routes use this). */
export function EnsureAppProviders({ children }: { children: ReactNode }) {
  const outer = useContext(ExtensionBridgeContext);
  return outer ? <>{children}</> : <AppProviders>{children}</AppProviders>;
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
    if (isAllowedNextUrl(next, config.extensionOrigins)) storeNextUrl(next);
  }, [config, location.search]);
}

function ExtensionBridgeProvider({ children }: { children: ReactNode }) {
  const config = useRuntimeConfig();
  const { pathname } = useLocation();
  const [bridge, setBridge] = useState<ExtensionBridge | null>(null);

  useEffect(() => {
    if (!config) return;
    const b = new ExtensionBridge({ origins: () => bridgeOrigins(config.extensionOrigins) });
    setBridge(b);
    return () => b.dispose();
  }, [config]);

  useEffect(() => {
    if (bridge && !isHandshakeSkipped(pathname)) bridge.connect().catch(() => {});
  }, [bridge, pathname]);

  const value = useMemo(() => ({ bridge }), [bridge]);
  return <ExtensionBridgeContext.Provider value={value}>{children}</ExtensionBridgeContext.Provider>;
}
