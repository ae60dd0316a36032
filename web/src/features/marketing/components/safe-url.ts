import { isSafeRedirectPath } from '#shared/rules/redirect-path';

/**
 * The rule for addresses in rendered markdown (spec): `javascript:`, `vbscript:` and non-image
 * `data:` addresses are blocked. Browsers ignore spaces and control characters inside a scheme
 * ("java\tscript:") and its case, so the check does too. Returns the address unchanged when it is
 * allowed, and undefined when it is blocked.
 */
const IMAGE_DATA = /^data:image\/(png|jpe?g|gif|webp|avif|bmp|x-icon)[;,]/;

export function safeUrl(url: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  const squeezed = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  if (squeezed.startsWith('javascript:') || squeezed.startsWith('vbscript:')) return undefined;
  if (squeezed.startsWith('data:') && !IMAGE_DATA.test(squeezed)) return undefined;
  return url;
}

/**
 * True for a same-site path ("/faq", "/faq#x"); false for "//host", "/\\host", "/\t/host" (which
 * browsers read as "//host") and any scheme: the same rule as the after-sign-in redirect.
 */
export const isInternalPath = (href: string): boolean => isSafeRedirectPath(href);
