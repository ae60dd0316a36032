import { useSyncExternalStore } from 'react';
import { EXTENSION_STORES, storeBrowserOf, type ExtensionStore } from '#shared/extension/store-links';

const noChange = () => () => {};
const visitorsStore = () => storeBrowserOf(navigator.userAgent);
// Prerendered HTML has no visitor: it names Chrome's store, and hydration switches after it.
const prerenderedStore = () => 'chrome' as const;

/** The store of the visitor's browser (Chrome's for any browser without a listing of its own). */
export function useExtensionStore(): ExtensionStore {
  return EXTENSION_STORES[useSyncExternalStore(noChange, visitorsStore, prerenderedStore)];
}
