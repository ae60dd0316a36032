import { IMAGE_SOURCE_URL_MAX, IMAGE_TITLE_MAX } from '../domain/image-limits';
import { cutText } from './cut-text';

/** What a capture is called when its page had no title: the page's host, else this. */
export const UNTITLED_CAPTURE = 'Screenshot';

/**
 * The library title of a capture saved from the extension (the editor's Save to library and the
 * library's Add from extension alike): the page title, or its host when it has none; for a
 * capture split into several images, " (k of n)" after it. Always a valid title: trimmed, and cut
 * by graphemes so that the suffix survives within IMAGE_TITLE_MAX.
 */
export function captureTitle(page: { title: string; url: string }, part = 0, parts = 1): string {
  const suffix = parts > 1 ? ` (${part + 1} of ${parts})` : '';
  const base = page.title.trim() || hostOf(page.url) || UNTITLED_CAPTURE;
  return cutText(base, IMAGE_TITLE_MAX - suffix.length, '…').trim() + suffix;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/** The source address kept with the image (`urlLink`): only web pages (the library links to it), and none past the limit. */
export function captureLink(url: string): string | null {
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.href.length <= IMAGE_SOURCE_URL_MAX ? u.href : null;
  } catch {
    return null;
  }
}
