/**
 * Where to go after sign-in: only a path on this site ('/account', '/connect?signin=1'), never
 * another origin ('//evil.example', '/\\evil.example', 'https://…'), so sign-in is no open redirect.
 */
export function isSafeRedirectPath(path: string | null | undefined): path is string {
  if (!path || path.length > 2048) return false;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  // Control characters and backslashes are never part of a path we send people to.
  for (const ch of path) if (ch.charCodeAt(0) < 0x20 || ch === '\\') return false;
  return true;
}
