/**
 * The `next` query parameter: where to send the user back to in the extension. Only addresses
 * inside one of the allowed extension origins are accepted, either the origin itself or the
 * origin followed by '/', so `chrome-extension://abc` never matches `chrome-extension://abcd…`
 * or `https://evil.example/?chrome-extension://abc`.
 */
export function isAllowedNextUrl(next: string | null | undefined, allowedOrigins: readonly string[]): next is string {
  if (!next) return false;
  return allowedOrigins.some((origin) => !!origin && (next === origin || next.startsWith(`${origin}/`)));
}

/** Query parameters removed from the address bar on load (spec: 'next' and 'p'). */
export const STRIPPED_QUERY_PARAMS = ['next', 'p'] as const;
