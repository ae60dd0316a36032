import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { errorMessageOf } from '../../../lib/api-client';
import { STORAGE_QUERY_KEY } from '../api/get-storage-usage';
import { listAllImages } from '../api/list-images';
import type { LibraryImage } from '../library-image';

/**
 * The presigned image addresses the list returns are valid for an hour; when the tab comes back
 * after this long, the list is fetched again (quietly, keeping what is shown).
 */
const STALE_AFTER_MS = 45 * 60 * 1000;

const LOAD_FAILED = 'Your images could not be loaded.';

type LibraryState =
  | { status: 'loading'; images: LibraryImage[] }
  | { status: 'ready'; images: LibraryImage[] }
  | { status: 'error'; images: LibraryImage[]; message: string };

/**
 * The signed-in user's images: loading (with the first pages as they come), ready, or an error to
 * retry. A query: stale after STALE_AFTER_MS, fetched again quietly when the tab becomes visible.
 */
export function useLibrary(enabled: boolean, userId?: string) {
  const queryClient = useQueryClient();
  const key = useMemo(() => ['images', userId ?? null] as const, [userId]);
  // The pages of a visible load (the first one, or a retry) as they arrive; null once it is done.
  const [pages, setPages] = useState<LibraryImage[] | null>(null);
  const [loud, setLoud] = useState(false);
  const showPages = useRef(true);

  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      try {
        const images = await listAllImages({
          signal,
          onPage: (soFar) => {
            if (showPages.current && !signal.aborted) setPages(soFar);
          },
        });
        setPages(null);
        return images;
      } catch (e) {
        // Spec §8: library failures are logged; the screen also says so and offers a retry.
        if (!signal.aborted) console.error('Library: listing images failed', e);
        throw e;
      } finally {
        showPages.current = false;
      }
    },
    enabled,
    staleTime: STALE_AFTER_MS,
    refetchOnWindowFocus: true,
  });

  const images = pages ?? query.data ?? [];
  const state: LibraryState =
    query.isFetching && (loud || !query.data)
      ? { status: 'loading', images }
      : query.isError
        ? { status: 'error', images, message: errorMessageOf(query.error, LOAD_FAILED) }
        : query.data
          ? { status: 'ready', images }
          : { status: 'loading', images };

  const { refetch } = query;
  /** Fetches the list again in view (the retry), showing its pages as they come. */
  const reload = useCallback(() => {
    showPages.current = true;
    setLoud(true);
    void refetch().finally(() => setLoud(false));
  }, [refetch]);

  const update = useCallback(
    (change: (images: LibraryImage[]) => LibraryImage[]) => queryClient.setQueryData<LibraryImage[]>(key, (list) => change(list ?? [])),
    [queryClient, key],
  );
  // An image added or removed changes the storage used: the meter asks again.
  const refreshStorage = useCallback(() => void queryClient.invalidateQueries({ queryKey: STORAGE_QUERY_KEY }), [queryClient]);
  /** Spec: a new upload is placed first in the list. */
  const add = useCallback((image: LibraryImage) => {
    update((list) => [image, ...list.filter((i) => i.id !== image.id)]);
    refreshStorage();
  }, [update, refreshStorage]);
  const replace = useCallback((image: LibraryImage) => update((list) => list.map((i) => (i.id === image.id ? image : i))), [update]);
  const remove = useCallback((id: string) => {
    update((list) => list.filter((i) => i.id !== id));
    refreshStorage();
  }, [update, refreshStorage]);

  return { state, reload, add, replace, remove };
}
