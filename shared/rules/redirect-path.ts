/**
 * Where to go after sign-in: only a path on this site ('/account', '/connect?signin=1'), never
 * another origin ('//evil.example', '/\\evil.example', 'https://…'), so sign-in is no open redirect.
 */
export function isSafeRedirectPath(path: string | null | undefined): path is string {
  if (!path || path.length > 2048) return false;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  // Control characters and backslashes are never part of a path we send people to (browsers drop
  // tabs and newlines and read '\' as '/', which is how '/\t/evil' becomes '//evil').
  for (const ch of path) if (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f || ch === '\\') return false;
  // Resolved the way the browser will: it must stay on this origin, and dot segments must not
  // leave a '//host'-looking path behind ('/..//evil.example' becomes '//evil.example').
  const resolved = new URL(path, PROBE_ORIGIN);
  return resolved.origin === PROBE_ORIGIN && !resolved.pathname.startsWith('//');
}

const PROBE_ORIGIN = 'https://site.invalid';
