/**
 * Unicode bidi controls that reorder the text around them: the embeddings and overrides
 * (U+202A–U+202E) and the isolates (U+2066–U+2069). In a name or a file name they can make
 * "Eve \u202Etxt.exe" read as "Eve exe.txt". The marks (LRM, RLM, ALM) only nudge neutral
 * characters, which right-to-left text needs, and are kept.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** `text` without bidi overrides, embeddings and isolates. */
export const stripBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, '');
