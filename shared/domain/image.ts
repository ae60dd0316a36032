import * as z from 'zod';
import { IMAGE_NOTES_MAX, IMAGE_SOURCE_URL_MAX, IMAGE_TITLE_MAX, MAX_IMAGE_PARTS, MAX_IMAGE_PIXELS } from './image-limits';
import { isWebAddress } from '../rules/web-address';

export { IMAGE_NOTES_MAX, IMAGE_SOURCE_URL_MAX, IMAGE_TITLE_MAX, MAX_IMAGE_PIXELS };

/**
 * An image of the library (spec §3): id, title, notes, created, updated, urlFull, urlThumb,
 * urlLink (the source page address) and, on creation only, uploadUrl. `urlFull` and `urlThumb`
 * are short-lived presigned GETs; they are null until the upload is finalised.
 * The optional file facts (size, contentType, width, height) are recorded when it is finalised.
 */
export const Image = z.object({
  id: z.string(),
  title: z.string(),
  notes: z.string(),
  created: z.string().datetime(),
  updated: z.string().datetime(),
  urlFull: z.string().nullable(),
  urlThumb: z.string().nullable(),
  urlLink: z.string().nullable(),
  uploadUrl: z.string().optional(),
  /** On creation only: the form fields to POST with the file to `uploadUrl` (docs/images.md). */
  uploadFields: z.record(z.string(), z.string()).optional(),
  /** On the extension's creation with `thumbnail: true` only: the form fields for its thumbnail, POSTed to `uploadUrl` too. */
  thumbUploadFields: z.record(z.string(), z.string()).optional(),
  /** A presigned GET that saves the file under the image's title (Content-Disposition: attachment). */
  urlDownload: z.string().nullable().optional(),
  size: z.number().int().nonnegative().nullable().optional(),
  contentType: z.string().nullable().optional(),
  width: z.number().int().positive().nullable().optional(),
  height: z.number().int().positive().nullable().optional(),
  /** One part of a split capture saved whole (docs/images.md): the library keeps a set together, in part order. */
  part: z.lazy(() => ImagePart).nullable().optional(),
});
export type Image = z.infer<typeof Image>;

/** Which part of which set: `set` is the client's id for the capture, `index` counts from 1. */
export const ImagePart = z.object({
  set: z.string().min(1).max(128).regex(/^[A-Za-z0-9_-]+$/),
  index: z.number().int().min(1).max(MAX_IMAGE_PARTS),
  count: z.number().int().min(2).max(MAX_IMAGE_PARTS),
}).strict().refine((p) => p.index <= p.count, { message: 'index must not exceed count' });
export type ImagePart = z.infer<typeof ImagePart>;

/** A title is needed (trimmed, 1-200 characters); notes are optional, on upload and on edit alike. */
export const ImageTitle = z.string().trim().min(1).max(IMAGE_TITLE_MAX);
export const ImageNotes = z.string().max(IMAGE_NOTES_MAX);

/**
 * The source page address: http(s) only, because the library renders it as a link (a
 * `javascript:` address would run script on click).
 */
export const ImageSourceUrl = z
  .string()
  .trim()
  .max(IMAGE_SOURCE_URL_MAX)
  .url()
  .refine(isWebAddress, { message: 'Only http and https addresses are allowed.' });

/**
 * The largest file the library accepts (bytes): the presigned POST's content-length-range, so S3
 * refuses a bigger upload; also checked by the site before uploading and again when finalising.
 */
export const MAX_IMAGE_BYTES = 25 * 1024 * 1024;

/**
 * The content type the presigned upload URL is signed for when the create call names none: the
 * spec's client PUTs the file "with a JSON content type header". The site sends the file's own type.
 */
export const DEFAULT_UPLOAD_CONTENT_TYPE = 'application/json';

/** What the create call may declare as the upload's content type (the file's real type is sniffed later). */
export const UploadContentType = z
  .string()
  .trim()
  .toLowerCase()
  .max(100)
  .regex(/^(image\/[a-z0-9.+-]+|application\/json)$/, { message: 'Expected an image/* type.' });

/** The most images one list call returns (about 1.6 MB of JSON: well under Lambda's 6 MB response limit). */
export const MAX_IMAGES_PAGE = 1000;

/**
 * An image that was created but never finalised is swept after this long: its row carries
 * `expiresAt` (DynamoDB TTL; the code also ignores expired rows, as the local database has no TTL)
 * and its upload object lies under a prefix that an S3 lifecycle rule expires after a day.
 */
export const PENDING_IMAGE_LIFETIME_SECONDS = 24 * 60 * 60;
