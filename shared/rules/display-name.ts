/**
 * The name a user goes by ("Welcome {name}", the header, organisation member lists): optional,
 * set at sign-up or on /account, or taken from a social provider. Stored as Cognito's standard
 * `name` attribute and on the user row.
 */

import { stripBidiControls } from './bidi-controls';
import { cutText } from './cut-text';

/**
 * At most this many UTF-16 code units, counted as the API schemas and the browser's `maxLength`
 * count (cut-text.ts): an emoji counts two or more, and is never cut in half.
 */
export const DISPLAY_NAME_MAX_LENGTH = 80;
/** Longer input is refused outright (400) rather than cut: nobody types this much by accident. */
export const DISPLAY_NAME_INPUT_MAX = 1000;

/**
 * Tidies a name as typed: control characters and bidi controls (bidi-controls.ts: they could make
 * a name read backwards) removed, runs of white space made one space, trimmed,
 * then cut to DISPLAY_NAME_MAX_LENGTH by the one cut rule (`cutText`: whole graphemes, so a letter
 * keeps its accents and an emoji sequence stays whole). An empty result means "no name".
 */
export function normalizeDisplayName(input: string): string {
  const tidy = stripBidiControls(input).replace(/\p{Cc}+/gu, ' ').replace(/\s+/gu, ' ').trim();
  return cutText(tidy, DISPLAY_NAME_MAX_LENGTH).trim();
}

/** What a person is called: their name, else their e-mail. */
export const displayNameOf = (p: { name?: string | null; email: string }): string => p.name?.trim() || p.email;
