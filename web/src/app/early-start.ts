/**
 * Work a page's entry starts before its router has loaded the page's route, by path: the sign-in
 * form's code (features/auth/start-sign-in-early.ts). main.tsx runs it; the prerender step lists
 * its chunks as modulepreload links on that page (prerender.tsx `loadRouteModules`), so starting
 * it costs no extra round trip.
 */
const earlyStarts: Record<string, () => Promise<{ start: () => void }>> = {
  '/auth/signin': () => import('../features/auth/start-sign-in-early'),
};

/** The early start of `pathname` ('/auth/signin/' is '/auth/signin'), if it has one. */
export function earlyStartFor(pathname: string): (() => Promise<{ start: () => void }>) | undefined {
  return earlyStarts[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname];
}
