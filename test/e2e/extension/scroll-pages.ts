/**
 * Test pages for issue #30, built from the libraries real sites use (served from node_modules,
 * bundled by esbuild per worker; no network): content the page draws as the capture scrolls
 * (virtual lists, lazy loaders on a delay, reveal on scroll), motion beside it (a Splide
 * carousel on autoplay), animations in progress at the click, a web component with its own
 * fixed header and inner pane, and sections `content-visibility: auto` renders late.
 * Colours are exact so every row and card can be found in the image.
 */
import type { Rgb } from './pages';

export const hex = (c: Rgb) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** Row i of a virtual list: adjacent rows differ in every channel; none is near white or grey. */
export function rowColor(i: number): Rgb {
  return [30 + ((i * 67) % 170), 30 + ((i * 23 + 80) % 170), 30 + ((i * 131 + 40) % 170)];
}

/** The feed page: a window-scrolling virtual list (TanStack Virtual, rendered in an animation frame). */
export const FEED = { rows: 110, rowHeight: 40, top: 100, x: 10, width: 360 };
/** AOS cards that fade up into place when scrolled to. */
export const CARDS = { count: 9, x: 400, width: 200, height: 160, first: 300, gap: 520 };
export function cardColor(i: number): Rgb {
  return [200 - i * 15, 40 + i * 12, 90];
}
/** Images a lazy loader swaps in 300 ms after its IntersectionObserver sees them. */
export const LAZY_TIMER = { count: 20, x: 640, size: 60, first: 150, gap: 220, placeholder: [204, 204, 204] as Rgb };
export function lazyTimerColor(i: number): Rgb {
  return [20 + i * 9, 160 - i * 5, 60 + i * 7];
}
/** A Splide carousel on autoplay straddling the first seam (its top is set from innerHeight). */
export const CAROUSEL = { x: 760, width: 300, height: 120, interval: 900, speed: 250 };
export const SLIDES: Rgb[] = [[230, 30, 60], [30, 90, 230], [250, 180, 0], [0, 170, 110]];
/** Animations in progress at the click: a fade-in and a slide-in, both long and finite. */
export const ENTRANCE = { fade: [120, 20, 180] as Rgb, slide: [0, 120, 120] as Rgb, y: 20, height: 50, fadeX: 760, slideX: 900, width: 100, from: 150 };

/** The app pane: react-window in the only scroller (the document does not scroll), rows filled by a debounced loader. */
export const INBOX = { rows: 90, rowHeight: 40, headerHeight: 50, header: [40, 40, 40] as Rgb, placeholder: [210, 210, 210] as Rgb };

/**
 * A web component's open shadow root: a fixed header (an endless spinner and a 40 s fade-in in
 * it) and the inner pane that scrolls, whose rows from `revealFrom` on fade in when scrolled to.
 */
export const SHELL = {
  rows: 50, rowHeight: 50, headerHeight: 56, header: [250, 80, 0] as Rgb, spinner: [0, 200, 0] as Rgb,
  fade: { x: 300, width: 60, color: [20, 60, 200] as Rgb }, revealFrom: 20,
};

/** Late sections: content-visibility: auto, each starting and ending with children that have margins. */
export const LATE = { sections: 16, marker: [255, 0, 128] as Rgb, markerHeight: 12, x: 40 };

const STYLE_BASE = 'html, body { margin: 0; background: #fff; }';

export function feedPage(): string {
  const cards = Array.from({ length: CARDS.count }, (_, i) =>
    `<div class="card" data-aos="fade-up" style="top:${CARDS.first + i * CARDS.gap}px;background:${hex(cardColor(i))}"></div>`).join('');
  const lazy = Array.from({ length: LAZY_TIMER.count }, (_, i) =>
    `<img class="lazy" data-src="/img/${hex(lazyTimerColor(i)).slice(1)}.png?size=${LAZY_TIMER.size}" width="${LAZY_TIMER.size}" height="${LAZY_TIMER.size}" style="top:${LAZY_TIMER.first + i * LAZY_TIMER.gap}px" alt="">`).join('');
  const slides = SLIDES.map((c) => `<li class="splide__slide" style="background:${hex(c)}"></li>`).join('');
  const E = ENTRANCE;
  return `<!doctype html><html><head><title>Feed</title>
  <link rel="stylesheet" href="/lib/aos.css"><link rel="stylesheet" href="/lib/splide-core.css">
  <style>${STYLE_BASE}
    body { position: relative; height: ${FEED.top + FEED.rows * FEED.rowHeight + 200}px; }
    #feed { position: absolute; left: ${FEED.x}px; top: ${FEED.top}px; width: ${FEED.width}px; }
    #feed > div { position: absolute; left: 0; top: 0; width: 100%; height: ${FEED.rowHeight}px; }
    .card { position: absolute; left: ${CARDS.x}px; width: ${CARDS.width}px; height: ${CARDS.height}px; }
    .lazy { position: absolute; left: ${LAZY_TIMER.x}px; display: block; background: ${hex(LAZY_TIMER.placeholder)}; }
    #carousel { position: absolute; left: ${CAROUSEL.x}px; width: ${CAROUSEL.width}px; }
    .splide__slide { height: ${CAROUSEL.height}px; }
    #fade, #slide { position: absolute; top: ${E.y}px; width: ${E.width}px; height: ${E.height}px; }
    #fade { left: ${E.fadeX}px; background: ${hex(E.fade)}; animation: fade-in 40s linear both; }
    @keyframes fade-in { from { opacity: 0; } to { opacity: 1; } }
    #slide { left: ${E.slideX}px; background: ${hex(E.slide)}; transition: transform 40s linear; transform: translateX(${E.from}px); }
    #slide.in { transform: none; }
  </style></head><body>
    <div id="fade"></div><div id="slide"></div>
    <div id="feed"></div>${cards}${lazy}
    <section id="carousel" class="splide" aria-label="Slides"><div class="splide__track"><ul class="splide__list">${slides}</ul></div></section>
    <script src="/lib/aos.js"></script>
    <script src="/apps/feed.js"></script>
  </body></html>`;
}

/** The window virtual list alone: nothing on the page says it loads late. */
export function listPage(): string {
  return `<!doctype html><html><head><title>List</title><style>${STYLE_BASE}
    body { position: relative; height: ${FEED.top + FEED.rows * FEED.rowHeight + 200}px; }
    #feed { position: absolute; left: ${FEED.x}px; top: ${FEED.top}px; width: ${FEED.width}px; }
    #feed > div { position: absolute; left: 0; top: 0; width: 100%; height: ${FEED.rowHeight}px; }
  </style></head><body><div id="feed"></div><script src="/apps/list.js"></script></body></html>`;
}

export function inboxPage(): string {
  return `<!doctype html><html><head><title>Inbox</title><style>${STYLE_BASE}
    html, body { height: 100%; overflow: hidden; }
    #top { height: ${INBOX.headerHeight}px; background: ${hex(INBOX.header)}; }
    #root { height: calc(100% - ${INBOX.headerHeight}px); }
  </style></head><body><div id="top"></div><div id="root"></div><script src="/apps/inbox.js"></script></body></html>`;
}

export function shellPage(): string {
  return `<!doctype html><html><head><title>Shell</title><style>${STYLE_BASE} html, body { height: 100%; overflow: hidden; }</style></head>
  <body><app-shell style="display:block;height:100%"></app-shell><script src="/apps/shell.js"></script></body></html>`;
}

/**
 * Sections as docs sites write them: `content-visibility: auto` with an intrinsic size estimate,
 * each opening with a heading and closing with a paragraph whose margins would collapse through
 * the section's edges without the containment `auto` gives. A marker bar sits in each section.
 */
export function latePage(): string {
  const sections = Array.from({ length: LATE.sections }, (_, i) => `<section>
      <h2>Section ${i + 1}</h2><div class="marker"></div>
      <p>${'Text that a reader scrolls past. '.repeat(8 + (i % 5) * 4)}</p>
      <p class="last">Closing paragraph ${i + 1}.</p></section>`).join('');
  return `<!doctype html><html><head><title>Late sections</title><style>${STYLE_BASE}
    body { font: 16px/1.5 sans-serif; padding: 0 ${LATE.x}px; }
    section { content-visibility: auto; contain-intrinsic-size: auto 400px; }
    h2 { margin: 28px 0 14px; font-size: 22px; }
    p { margin: 12px 0; }
    p.last { margin-bottom: 18px; }
    .marker { height: ${LATE.markerHeight}px; width: 20px; background: ${hex(LATE.marker)}; }
  </style></head><body>${sections}</body></html>`;
}
