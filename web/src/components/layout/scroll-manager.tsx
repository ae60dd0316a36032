import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** How long to wait for an anchor target that a lazy page renders later (spec: 10000 ms). */
const HASH_SCROLL_TIMEOUT_MS = 10_000;

/**
 * Calls `onFound` with the element of id `id` as soon as it exists: at once, or when a DOM
 * mutation adds it, for up to `timeoutMs`. Returns a cancel function.
 */
function whenElementExists(id: string, onFound: (el: HTMLElement) => void, timeoutMs = HASH_SCROLL_TIMEOUT_MS): () => void {
  const now = document.getElementById(id);
  if (now) {
    onFound(now);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const el = document.getElementById(id);
    if (el) {
      stop();
      onFound(el);
    }
  });
  const timer = setTimeout(() => stop(), timeoutMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * Navigation scrolls to the top on a path change; with a #hash it scrolls to that element instead,
 * waiting for it when the page renders it late.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // keep it as written
    }
    return whenElementExists(id, (el) => el.scrollIntoView({ block: 'start' }));
  }, [pathname, hash]);
  return null;
}
