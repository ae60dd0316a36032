/** The last non-empty segment of a path: '/a/_test/' → '_test', '/' → ''. */
export function lastPathSegment(pathname: string): string {
  const parts = pathname.split('/').filter(Boolean);
  return parts[parts.length - 1] ?? '';
}

/** Spec: the extension handshake is skipped when the page's last path segment starts with '_'. */
export const isHandshakeSkipped = (pathname: string): boolean => lastPathSegment(pathname).startsWith('_');

/** Extension ids (Chrome and Edge: 32 letters a-p); the /_test override is checked against this. */
export const isExtensionId = (id: string): boolean => /^[a-p]{32}$/.test(id);
