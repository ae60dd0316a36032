/**
 * The feed page's script: a TanStack Virtual list on the window, rendered in an animation frame
 * after each change (as many feeds do), AOS reveal on scroll, a lazy loader that swaps images
 * 300 ms after its IntersectionObserver sees them, a Splide carousel on autoplay, and two
 * entrance animations. `window.feedState()` says whether the page moves again afterwards.
 */
import Splide from '@splidejs/splide';
import { elementScroll, observeWindowOffset, observeWindowRect, Virtualizer } from '@tanstack/virtual-core';
import { CAROUSEL, FEED, hex, rowColor } from '../scroll-pages';

declare const AOS: { init(o: object): void };

const feed = document.getElementById('feed')!;
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

AOS.init({ duration: 600, once: true });

const lazy = new IntersectionObserver((entries) => {
  for (const e of entries) {
    if (!e.isIntersecting) continue;
    const img = e.target as HTMLImageElement;
    lazy.unobserve(img);
    setTimeout(() => (img.src = img.dataset.src!), 300);
  }
});
document.querySelectorAll<HTMLImageElement>('img.lazy').forEach((img) => lazy.observe(img));

const carousel = document.getElementById('carousel')!;
carousel.style.top = `${innerHeight - CAROUSEL.height / 2}px`; // straddles the first seam
const splide = new Splide(carousel, { type: 'loop', autoplay: true, interval: CAROUSEL.interval, speed: CAROUSEL.speed, arrows: false, pagination: false, pauseOnHover: false, pauseOnFocus: false });
let moves = 0;
splide.on('moved', () => moves++);
splide.mount();

requestAnimationFrame(() => requestAnimationFrame(() => document.getElementById('slide')!.classList.add('in')));

(window as unknown as { feedState(): object }).feedState = () => ({ moves, rows: feed.children.length });
