import { createContext, useContext } from 'react';
import type { ExtensionBridge } from './extension-bridge';

/**
 * The bridge's React context, apart from the bridge itself: every page's providers render it,
 * while the bridge code loads after the page is up (app/site-services.ts).
 */
export const ExtensionBridgeContext = createContext<{ bridge: ExtensionBridge | null } | undefined>(undefined);

/** The bridge, or null while it is not set up (or outside the provider). */
export function useExtensionBridge(): ExtensionBridge | null {
  return useContext(ExtensionBridgeContext)?.bridge ?? null;
}
