/**
 * The one rule for cutting user text to a length (issue #22 §6). A cut by UTF-16 code units
 * (`s.slice(0, n)`) can split a surrogate pair: the lone half left behind makes
 * `encodeURIComponent` throw and is not valid UTF-8 for S3, DynamoDB or a header. So text is cut
 * by whole graphemes (a letter with its combining marks, an emoji with its skin tone or ZWJ
 * sequence, a flag) and the result is always well-formed. Lengths are counted in UTF-16 code
 * units, like the API schemas' `max()` and the browser's `maxLength`, so a cut text always fits
 * the limit it was cut for.
 */

// Made on first use: creating a Segmenter loads ICU data (about 50 ms of CPU on a phone, issue #24),
// which is not to be paid by every page that imports this module.
let segmenter: Intl.Segmenter | null | undefined;
const graphemeSegmenter = () =>
  segmenter === undefined ? (segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null) : segmenter;

/** Lone surrogates (valid in a JS string and in JSON, not in UTF-8). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text with each lone surrogate replaced by U+FFFD, as `String.prototype.toWellFormed` does. */
export const wellFormed = (text: string): string => text.replace(LONE_SURROGATE, '\uFFFD');

/** The graphemes of a text (code points where `Intl.Segmenter` is missing). */
export const graphemes = (text: string): string[] => {
  const segments = graphemeSegmenter()?.segment(text);
  return segments ? Array.from(segments, (s) => s.segment) : Array.from(text);
};

/**
 * The longest prefix of whole graphemes of at most `max` UTF-16 code units, well-formed;
 * `ellipsis` (counted in the limit) is added when something was cut.
 */
export function cutText(text: string, max: number, ellipsis = ''): string {
  const safe = wellFormed(text);
  if (safe.length <= max) return safe;
  const room = max - ellipsis.length;
  if (room <= 0) return '';
  let out = '';
  for (const g of graphemes(safe)) {
    if (out.length + g.length > room) break;
    out += g;
  }
  return out + ellipsis;
}
