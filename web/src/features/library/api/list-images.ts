import { routes } from '#shared/api/routes';
import { apiCall } from '../../../lib/api-client';
import { toLibraryImage, type LibraryImage } from '../library-image';

/** Page size the library asks for: the first thumbnails show after one page, the rest follow. */
const LIST_PAGE_SIZE = 200;

/** GET /images/: one page of the caller's images, newest first (dates converted to Date objects). */
async function listImages(opts: { limit?: number; cursor?: string; signal?: AbortSignal } = {}): Promise<LibraryImage[]> {
  const images = await apiCall(routes.listImages, { query: { limit: opts.limit, cursor: opts.cursor }, signal: opts.signal });
  return images.map(toLibraryImage);
}

/**
 * Every image of the caller, page by page: a full page means there may be more, and the next
 * page starts after its last image (docs/images.md). `onPage` sees the growing list.
 */
export async function listAllImages(opts: { signal?: AbortSignal; onPage?: (soFar: LibraryImage[]) => void; pageSize?: number } = {}) {
  const pageSize = opts.pageSize ?? LIST_PAGE_SIZE;
  const all: LibraryImage[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await listImages({ limit: pageSize, cursor, signal: opts.signal });
    all.push(...page);
    opts.onPage?.([...all]);
    if (page.length < pageSize) return all;
    cursor = page[page.length - 1].id;
  }
}
