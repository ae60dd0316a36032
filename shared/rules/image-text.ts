import { ImageNotes, ImageTitle } from '../domain/image';

/**
 * The one rule for an image's text, on upload and on edit alike (web forms and API schemas): a
 * title is needed, notes are optional. Spec 001 §5 disables Update unless notes are non-empty too,
 * but then an image uploaded without notes could never be renamed (issue 16): docs/images.md.
 */
export interface ImageText {
  title: string;
  notes: string;
}

export const IMAGE_TEXT_HINT = 'A title is needed; notes are optional.';

export const isValidImageText = (text: ImageText): boolean =>
  ImageTitle.safeParse(text.title).success && ImageNotes.safeParse(text.notes).success;
