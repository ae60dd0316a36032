import { lazy, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ExtensionBridge } from '../lib/extension-bridge';
import { ExtensionBridgeContext } from '../lib/extension-bridge-context';

// Page rules, the extension bridge and error reporting: nothing a page needs to paint, so they
// load after it (prerendered pages hydrate this boundary once the chunk arrives).
const SiteServices = lazy(() => import('./site-services'));

/**
 * Site-wide providers, rendered inside the router by the root layout. They are light on purpose
 * (no Amplify, no account code): every page, marketing pages included, runs them. What they run
 * is in app/site-services.tsx, loaded lazily; the bridge is null until it has loaded and read the
 * runtime config.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [bridge, setBridge] = useState<ExtensionBridge | null>(null);
  const value = useMemo(() => ({ bridge }), [bridge]);
  return (
    <ExtensionBridgeContext.Provider value={value}>
      <Suspense fallback={null}>
        <SiteServices onBridge={setBridge} />
      </Suspense>
      {children}
    </ExtensionBridgeContext.Provider>
  );
}

/** Renders AppProviders unless an outer AppProviders already did (account routes use this). */
export function EnsureAppProviders({ children }: { children: ReactNode }) {
  const outer = useContext(ExtensionBridgeContext);
  return outer ? <>{children}</> : <AppProviders>{children}</AppProviders>;
}
