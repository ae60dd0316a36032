import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessageOf } from '../../../lib/api-client';
import { listAllImages } from '../api/list-images';
import type { LibraryImage } from '../library-image';

/**
 * The presigned image addresses the list returns are valid for an hour; when the tab comes back
 * after this long, the list is fetched again (quietly, keeping what is shown).
 */
export const STALE_AFTER_MS = 45 * 60 * 1000;

export const LOAD_FAILED = 'Your images could not be loaded.';

export type LibraryState =
  | { status: 'loading'; images: LibraryImage[] }
  | { status: 'ready'; images: LibraryImage[] }
  | { status: 'error'; images: LibraryImage[]; message: string };

/** The signed-in user's images: loading (with the first pages as they come), ready, or an error to retry. */
export function useLibrary(enabled: boolean) {
  const [state, setState] = useState<LibraryState>({ status: 'loading', images: [] });
  const loadedAt = useRef(0);
  const current = useRef<AbortController | null>(null);

  const load = useCallback((quiet = false) => {
    current.current?.abort();
    const abort = new AbortController();
    current.current = abort;
    if (!quiet) setState((s) => ({ status: 'loading', images: s.images }));
    listAllImages({
      signal: abort.signal,
      onPage: (soFar) => {
        if (!quiet && !abort.signal.aborted) setState({ status: 'loading', images: soFar });
      },
    })
      .then((images) => {
        if (abort.signal.aborted) return;
        loadedAt.current = Date.now();
        setState({ status: 'ready', images });
      })
      .catch((e: unknown) => {
        if (abort.signal.aborted) return;
        // Spec §8: library failures are logged; the screen also says so and offers a retry.
        console.error('Library: listing images failed', e);
        setState((s) => ({ status: 'error', images: s.images, message: errorMessageOf(e, LOAD_FAILED) }));
      });
  }, []);

  useEffect(() => {
    if (!enabled) return;
    load();
    const refreshIfStale = () => {
      if (document.visibilityState === 'visible' && loadedAt.current && Date.now() - loadedAt.current > STALE_AFTER_MS) load(true);
    };
    document.addEventListener('visibilitychange', refreshIfStale);
    window.addEventListener('focus', refreshIfStale);
    return () => {
      current.current?.abort();
      document.removeEventListener('visibilitychange', refreshIfStale);
      window.removeEventListener('focus', refreshIfStale);
    };
  }, [enabled, load]);

  /** Spec: a new upload is placed first in the list. */
  const add = useCallback((image: LibraryImage) => {
    setState((s) => ({ ...s, images: [image, ...s.images.filter((i) => i.id !== image.id)] }));
  }, []);
  const replace = useCallback((image: LibraryImage) => {
    setState((s) => ({ ...s, images: s.images.map((i) => (i.id === image.id ? image : i)) }));
  }, []);
  const remove = useCallback((id: string) => {
    setState((s) => ({ ...s, images: s.images.filter((i) => i.id !== id) }));
  }, []);

  return { state, reload: load, add, replace, remove };
}
