/**
 * The image limits as plain numbers, apart from the zod schemas in image.ts that use them (and
 * re-export them): the extension's editor needs only these, and zod would be 95 of its 116 KB.
 */

/** The most parts one split capture may be saved as (the editor warns from 10 on). */
export const MAX_IMAGE_PARTS = 100;

/** A title is 1-200 characters once trimmed; notes are up to 5,000. */
export const IMAGE_TITLE_MAX = 200;
export const IMAGE_NOTES_MAX = 5000;

/** The longest source page address kept with an image. */
export const IMAGE_SOURCE_URL_MAX = 2048;

/**
 * The most pixels an image may have (width × height). A full-page capture of 1920 × 60,000 px is
 * 115 Mpx; decoding needs about 4 bytes per pixel, which the 1 GB finalise function can afford.
 */
export const MAX_IMAGE_PIXELS = 150_000_000;
