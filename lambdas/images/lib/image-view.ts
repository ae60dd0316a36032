import type { Image } from '#shared/domain/image';
import { attachmentDisposition, imageDownloadName } from '#shared/rules/image-download-name';
import type { ImageRow } from '../../adapters/images-repo';
import { presignGet } from '../../adapters/s3-client';

/** How long the presigned `urlFull` and `urlThumb` stay valid (seconds); the site lists again after that. */
const VIEW_URL_TTL_SECONDS = 3600;

/** The API's image: the row's text and dates, file facts once finalised, and presigned GETs for the files (view and download). */
export async function toImage(row: ImageRow): Promise<Image> {
  const ready = row.status === 'ready';
  const download = { contentDisposition: attachmentDisposition(imageDownloadName(row)) };
  const [urlFull, urlThumb, urlDownload] = ready
    ? await Promise.all([
        presignGet(row.objectKey, VIEW_URL_TTL_SECONDS),
        presignGet(row.thumbKey, VIEW_URL_TTL_SECONDS),
        // A navigation to this URL saves the file: no fetch, so no CORS or cached-response trouble.
        presignGet(row.objectKey, VIEW_URL_TTL_SECONDS, download),
      ])
    : [null, null, null];
  return {
    id: row.imageId,
    title: row.title,
    notes: row.notes,
    created: row.created,
    updated: row.updated,
    urlFull,
    urlThumb,
    urlDownload,
    urlLink: row.urlLink ?? null,
    size: row.size ?? null,
    contentType: row.contentType ?? null,
    width: row.width ?? null,
    height: row.height ?? null,
    part: row.part ?? null,
  };
}
