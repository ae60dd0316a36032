import { createHash } from 'node:crypto';
import type { WebPage } from '#shared/api/web-page';
import { PRODUCT_NAME } from '#shared/domain/product-name';
import { hstsHeaderValue } from '#shared/web/security-headers';

/**
 * The public share pages: plain HTML, no script. The one inline style is allowed by its hash, the
 * image by the bucket's origin; everything else is refused by the CSP. No referrer leaves the page
 * (the token is in its address), and search engines are told not to index it.
 */

/** How long browsers and CloudFront may keep a share answer: a revoke or expiry shows within this. */
const SHARE_CACHE_SECONDS = 60;

export const GONE_MESSAGE = 'This link was revoked or never existed.';
export const EXPIRED_MESSAGE = 'This link has expired.';
export const UNSERVABLE_MESSAGE = 'This file cannot be shown here.';

const STYLE = [
  'body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f4f5f7}',
  'main{max-width:1200px;margin:0 auto;padding:1rem}',
  'h1{font-size:1.25rem;margin:.5rem 0 1rem;overflow-wrap:anywhere}',
  '.bar{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;justify-content:space-between}',
  '.button{display:inline-block;padding:.5rem 1rem;border-radius:6px;background:#1f6feb;color:#fff;text-decoration:none;font-weight:600}',
  '.button:focus-visible{outline:3px solid #0b3d91;outline-offset:2px}',
  'img{display:block;max-width:100%;height:auto;margin:1rem auto;background:#fff;box-shadow:0 1px 4px rgba(0,0,0,.15)}',
  'footer{text-align:center;color:#555;font-size:.875rem;padding:1rem}',
  'a{color:#0b57d0}',
].join('');
const STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function csp(imageOrigin?: string): string {
  return [
    "default-src 'none'",
    `style-src ${STYLE_SOURCE}`,
    imageOrigin ? `img-src ${imageOrigin}` : "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function headers(imageOrigin?: string): Record<string, string> {
  return {
    'content-security-policy': csp(imageOrigin),
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'x-robots-tag': 'noindex, nofollow',
    'strict-transport-security': hstsHeaderValue(),
    'cache-control': `public, max-age=${SHARE_CACHE_SECONDS}, s-maxage=${SHARE_CACHE_SECONDS}`,
  };
}

const head = (title: string, extra = '') => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
${extra}<style>${STYLE}</style>
</head>`;

const footer = (siteUrl: string) => `<footer>Shared with <a href="${escapeHtml(siteUrl)}">${PRODUCT_NAME}</a></footer>`;

export interface SharePageInput {
  title: string;
  /** This page's address (og:url). */
  pageUrl: string;
  /** A stable address of the image for link previews (the image route). */
  previewUrl: string;
  /** Short-lived presigned GET shown on the page. */
  imageUrl: string;
  /** Saves the file (the image route with `download`). */
  downloadUrl: string;
  contentType: string;
  width?: number;
  height?: number;
  siteUrl: string;
}

/** The page of an open link: title, Download, the image, and Open Graph tags for chat previews. */
export function sharePage(p: SharePageInput): WebPage {
  const title = p.title || 'Untitled';
  const size = p.width && p.height ? ` width="${p.width}" height="${p.height}"` : '';
  const og = [
    ['og:type', 'website'], ['og:site_name', PRODUCT_NAME], ['og:title', title], ['og:url', p.pageUrl],
    ['og:image', p.previewUrl], ['og:image:type', p.contentType],
    ...(p.width && p.height ? [['og:image:width', String(p.width)], ['og:image:height', String(p.height)]] : []),
    ['og:image:alt', title],
  ].map(([k, v]) => `<meta property="${k}" content="${escapeHtml(v)}">\n`).join('')
    + `<meta name="twitter:card" content="summary_large_image">\n<meta name="twitter:title" content="${escapeHtml(title)}">\n<meta name="twitter:image" content="${escapeHtml(p.previewUrl)}">\n`;
  const html = `${head(`${title} · ${PRODUCT_NAME}`, og)}
<body>
<main>
<div class="bar"><h1>${escapeHtml(title)}</h1><a class="button" href="${escapeHtml(p.downloadUrl)}" download>Download</a></div>
<img src="${escapeHtml(p.imageUrl)}" alt="${escapeHtml(title)}"${size}>
</main>
${footer(p.siteUrl)}
</body>
</html>`;
  return { status: 200, html, headers: headers(new URL(p.imageUrl).origin) };
}

/** The answer of a link that opens nothing: 404 (revoked, never existed, refused) or 410 (expired). */
export function gonePage(kind: 'gone' | 'expired' | 'unservable', siteUrl: string): WebPage {
  const message = kind === 'expired' ? EXPIRED_MESSAGE : kind === 'unservable' ? UNSERVABLE_MESSAGE : GONE_MESSAGE;
  const html = `${head(`${message} · ${PRODUCT_NAME}`)}
<body>
<main>
<h1>${message}</h1>
<p>Ask the person who shared it for a new link.</p>
</main>
${footer(siteUrl)}
</body>
</html>`;
  return { status: kind === 'expired' ? 410 : 404, html, headers: headers() };
}

/** A redirect to the image file, cached no longer than a share page. */
export function redirectTo(location: string): WebPage {
  const html = `<!doctype html><title>Redirecting</title><a href="${escapeHtml(location)}">Open the image</a>`;
  return { status: 302, html, headers: { ...headers(), location } };
}
