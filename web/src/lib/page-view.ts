/**
 * The part of analytics every page runs (the root layout's page views), apart from the
 * ecommerce events in analytics.ts, so the entry carries only this.
 */

export type DataLayerEvent = { event: string } & Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEvent[];
  }
}

/** Page views are not counted on the sign-in and sign-out routes (they are redirects, not pages). */
const PAGE_VIEW_SKIPPED_PATHS = ['/auth/signin', '/auth/signout'] as const;

export function shouldTrackPageView(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !(PAGE_VIEW_SKIPPED_PATHS as readonly string[]).includes(p);
}

export function pushDataLayer(event: DataLayerEvent): void {
  if (typeof window === 'undefined') return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(event);
}

/** `{event: 'pageChange', page}` on every navigation, except on /auth/signin and /auth/signout. */
export function trackPageChange(page: string): void {
  if (shouldTrackPageView(page)) pushDataLayer({ event: 'pageChange', page });
}
