/**
 * The "contact support" link of the log-in help line carries the page address, the error and the
 * user id, encoded in its query. Spec: its address is capped at 1600 characters minus the host,
 * so the whole URL stays within what browsers, proxies and help-desk forms accept.
 */
import { graphemes } from './cut-text';

export const SUPPORT_LINK_MAX_CHARS = 1600;

export interface SupportLinkInput {
  /** Where the link points, e.g. '/contact' (may already hold a query). */
  base: string;
  /** The page address the user was on. */
  page: string;
  error: string;
  userId: string;
  /** The site's host (location.host); its length is taken off the cap. */
  host: string;
}

const ELLIPSIS = '…';

function compose(base: string, params: [string, string][]): string {
  const query = params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}

/** The longest prefix of `value` (plus an ellipsis when cut) for which `fits` holds, or '' . */
function longestFitting(value: string, fits: (v: string) => boolean): string {
  if (fits(value)) return value;
  const chars = graphemes(value); // never split a surrogate pair or a letter from its marks (cut-text.ts)
  let lo = 0;
  let hi = chars.length - 1;
  let best = '';
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const candidate = mid === 0 ? '' : chars.slice(0, mid).join('') + ELLIPSIS;
    if (fits(candidate)) {
      best = candidate;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return best;
}

/** Maximum length of the link for a given host: 1600 minus the host's length. */
export const supportLinkLimit = (host: string): number => SUPPORT_LINK_MAX_CHARS - host.length;

/**
 * Builds the contact link. When it would be too long, the error text is shortened first, then
 * the page address; the user id is never cut (support needs it to find the account).
 */
export function buildSupportLink({ base, page, error, userId, host }: SupportLinkInput): string {
  const limit = supportLinkLimit(host);
  const build = (p: string, e: string) => compose(base, [['url', p], ['error', e], ['userId', userId]]);
  const full = build(page, error);
  if (full.length <= limit) return full;
  const e = longestFitting(error, (v) => build(page, v).length <= limit);
  if (build(page, e).length <= limit) return build(page, e);
  const p = longestFitting(page, (v) => build(v, '').length <= limit);
  const link = build(p, '');
  // Only a user id or base longer than the cap gets here: the bare base is the best left.
  return link.length <= limit ? link : base;
}
