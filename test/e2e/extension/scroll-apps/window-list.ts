/**
 * A TanStack Virtual list on the window, rendered in an animation frame after each change (as
 * many feeds do): only the rows near the scroll position are in the DOM.
 */
import { elementScroll, observeWindowOffset, observeWindowRect, Virtualizer } from '@tanstack/virtual-core';
import { FEED, hex, rowColor } from '../scroll-pages';

/** Fills `feed` (placed at FEED.top) with the list; returns it. */
export function mountWindowList(feed: HTMLElement): HTMLElement {
  feed.style.height = `${FEED.rows * FEED.rowHeight}px`;
  let frame = 0;
  const render = () => {
    frame = 0;
    const rows = virtualizer.getVirtualItems();
    const keep = new Set(rows.map((r) => String(r.index)));
    for (const el of [...feed.children] as HTMLElement[]) if (!keep.has(el.dataset.index!)) el.remove();
    for (const r of rows) {
      if (feed.querySelector(`[data-index="${r.index}"]`)) continue;
      const el = document.createElement('div');
      el.dataset.index = String(r.index);
      el.style.transform = `translateY(${r.start - FEED.top}px)`; // start counts the scroll margin
      el.style.background = hex(rowColor(r.index));
      feed.append(el);
    }
  };
  const virtualizer = new Virtualizer<Window, HTMLDivElement>({
    count: FEED.rows,
    getScrollElement: () => window,
    estimateSize: () => FEED.rowHeight,
    scrollToFn: (offset, options, instance) => elementScroll(offset, options, instance as never),
    observeElementRect: observeWindowRect,
    observeElementOffset: observeWindowOffset,
    scrollMargin: FEED.top,
    overscan: 2,
    onChange: () => {
      if (!frame) frame = requestAnimationFrame(render);
    },
  });
  virtualizer._willUpdate();
  virtualizer._didMount();
  render();
  return feed;
}
