import type { Image } from '#shared/domain/image';
import type { ImageRow } from '../adapters/images-repo';
import { presignGet } from '../adapters/s3-client';

/** How long the presigned `urlFull` and `urlThumb` stay valid (seconds); the site lists again after that. */
export const VIEW_URL_TTL_SECONDS = 3600;

/** The API's image: the row's text and dates, file facts once finalised, and presigned GETs for the files. */
export async function toImage(row: ImageRow): Promise<Image> {
  const ready = row.status === 'ready';
  const [urlFull, urlThumb] = ready
    ? await Promise.all([presignGet(row.objectKey, VIEW_URL_TTL_SECONDS), presignGet(row.thumbKey, VIEW_URL_TTL_SECONDS)])
    : [null, null];
  return {
    id: row.imageId,
    title: row.title,
    notes: row.notes,
    created: row.created,
    updated: row.updated,
    urlFull,
    urlThumb,
    urlLink: row.urlLink ?? null,
    size: row.size ?? null,
    contentType: row.contentType ?? null,
    width: row.width ?? null,
    height: row.height ?? null,
  };
}
