/**
 * The file name a library image downloads under: its title made safe for every OS, with the
 * extension of its real type. Used for the presigned GET's Content-Disposition (lambdas) and shown
 * by the site.
 */

import { stripBidiControls } from './bidi-controls';
import { cutText, wellFormed } from './cut-text';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif', 'image/avif': 'avif',
};

export function imageDownloadName(image: { title: string; contentType?: string | null }): string {
  // Bidi controls could disguise the extension.
  const cleaned = Array.from(stripBidiControls(image.title || 'image'), (c) => (c < ' ' || c === '\u007f' || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  // Cut by whole graphemes (shared/rules/cut-text.ts): a split surrogate pair made encodeURIComponent throw.
  const base = cutText(cleaned, 120).trim() || 'image';
  const ext = EXTENSIONS[image.contentType ?? ''];
  return ext ? `${base}.${ext}` : base;
}

/**
 * `attachment` with the name twice (RFC 6266): an ASCII fallback for old clients and the UTF-8
 * name for the rest, so a title like "Café" saves as "Café.png".
 */
export function attachmentDisposition(fileName: string): string {
  const name = wellFormed(fileName);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const utf8 = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
