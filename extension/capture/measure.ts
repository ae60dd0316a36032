import type { FrameProbe, PageGeometry, Rect } from '#shared/extension/messages';
import { deepElements } from './deep-elements';

/** Whether `el` scrolls its own content: it overflows, and its style lets it scroll. */
export function isScrollPane(el: HTMLElement): boolean {
  const overflowsY = el.scrollHeight > el.clientHeight + 1;
  const overflowsX = el.scrollWidth > el.clientWidth + 1;
  if (!overflowsY && !overflowsX) return false;
  const cs = getComputedStyle(el);
  return (overflowsY && /(auto|scroll|overlay)/.test(cs.overflowY)) || (overflowsX && /(auto|scroll|overlay)/.test(cs.overflowX));
}

/** The element that holds the page's content when the document itself does not scroll, if any. */
function findMainScroller(viewportArea: number): HTMLElement | null {
  let best: HTMLElement | null = null;
  let bestArea = viewportArea * 0.25; // smaller panes (menus, code blocks) are not "the page"
  // The body itself counts: some pages make it the scroller under `html { overflow: hidden }`.
  // Shadow roots too: an app shell built from web components scrolls inside one.
  const candidates = document.body ? [document.body, ...deepElements(document.body)] : [];
  for (const el of candidates) {
    if (!(el instanceof HTMLElement)) continue;
    if (!isScrollPane(el)) continue;
    const r = el.getBoundingClientRect();
    const visW = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
    const visH = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
    const area = visW * visH;
    if (area > bestArea) {
      best = el;
      bestArea = area;
    }
  }
  return best;
}

export interface ScrollTarget {
  kind: 'document' | 'element';
  el: HTMLElement | null;
  scrollTo(x: number, y: number): void;
  position(): { x: number; y: number };
}

export function documentTarget(): ScrollTarget {
  return {
    kind: 'document',
    el: null,
    scrollTo: (x, y) => window.scrollTo({ left: x, top: y, behavior: 'instant' }),
    position: () => ({ x: window.scrollX, y: window.scrollY }),
  };
}

export function elementTarget(el: HTMLElement): ScrollTarget {
  return {
    kind: 'element',
    el,
    scrollTo: (x, y) => el.scrollTo({ left: x, top: y, behavior: 'instant' }),
    position: () => ({ x: el.scrollLeft, y: el.scrollTop }),
  };
}

/**
 * The document itself scrolls (and its root does not hide that): it is what a capture scrolls.
 * Self-contained: fast mode also runs it through chrome.scripting before the content script is in.
 */
export function documentScrolls(): boolean {
  const se = (document.scrollingElement ?? document.documentElement) as HTMLElement;
  const rootHidden = ['hidden', 'clip'].includes(getComputedStyle(document.documentElement).overflowY)
    || (document.body && ['hidden', 'clip'].includes(getComputedStyle(document.body).overflowY));
  return !rootHidden && (se.scrollHeight > se.clientHeight + 1 || se.scrollWidth > se.clientWidth + 1);
}

/** Picks what to scroll: the document if it scrolls, else the biggest inner scroller. */
export function chooseScrollTarget(): ScrollTarget {
  if (documentScrolls()) return documentTarget();
  const se = (document.scrollingElement ?? document.documentElement) as HTMLElement;
  const inner = findMainScroller(se.clientWidth * se.clientHeight);
  if (inner) return elementTarget(inner);
  return documentTarget();
}

/** The biggest iframe on screen (a quarter of the viewport or more), for pages that scroll inside one. */
function findMainFrame(): PageGeometry['frame'] {
  let best: HTMLIFrameElement | null = null;
  let bestArea = innerWidth * innerHeight * 0.25;
  for (const f of document.querySelectorAll('iframe')) {
    const r = f.getBoundingClientRect();
    const area = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0)) * Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
    if (area > bestArea) {
      best = f;
      bestArea = area;
    }
  }
  if (!best) return undefined;
  const r = best.getBoundingClientRect();
  let sameOrigin = false;
  try {
    sameOrigin = !!best.contentDocument;
  } catch {
    sameOrigin = false;
  }
  return {
    rect: { x: r.left + best.clientLeft, y: r.top + best.clientTop, width: best.clientWidth, height: best.clientHeight },
    url: best.src,
    sameOrigin,
  };
}

export function probe(): FrameProbe {
  const se = (document.scrollingElement ?? document.documentElement) as HTMLElement;
  const scrolls = se.scrollHeight > se.clientHeight + 1 || findMainScroller(se.clientWidth * se.clientHeight) !== null;
  return { url: location.href, innerWidth, innerHeight, scrolls };
}

/** An element's client box (inside borders, without scrollbars) in fractional viewport CSS px. */
function innerBox(el: HTMLElement): Rect {
  const r = el.getBoundingClientRect();
  const cs = getComputedStyle(el);
  const bl = parseFloat(cs.borderLeftWidth) || 0;
  const br = parseFloat(cs.borderRightWidth) || 0;
  const bt = parseFloat(cs.borderTopWidth) || 0;
  const bb = parseFloat(cs.borderBottomWidth) || 0;
  // Scrollbars are whole px in every unit Chrome reports; 0 when overlay or hidden. In RTL the
  // vertical one is on the left, inside clientLeft.
  const barLeft = Math.max(0, el.clientLeft - Math.round(bl));
  const barY = Math.max(0, el.offsetWidth - el.clientWidth - el.clientLeft - Math.round(br));
  const barX = Math.max(0, el.offsetHeight - el.clientHeight - el.clientTop - Math.round(bb));
  return { x: r.left + bl + barLeft, y: r.top + bt, width: Math.max(1, r.width - bl - br - barLeft - barY), height: Math.max(1, r.height - bt - bb - barX) };
}

export function measure(target: ScrollTarget): PageGeometry {
  const se = (document.scrollingElement ?? document.documentElement) as HTMLElement;
  const viewportWidth = se.clientWidth;
  const viewportHeight = se.clientHeight;
  let scroller: Rect;
  let contentWidth: number;
  let contentHeight: number;
  if (target.el) {
    const el = target.el;
    // The box in fractional CSS px: clientWidth/Height are rounded, and at 1.8 (zoom 90 % at DPR 2)
    // a pane 765.56 px tall reads 766, one device row more than it shows: a gap at every seam.
    const box = innerBox(el);
    scroller = { ...box };
    // Only the part of the scroller inside the viewport can be captured.
    const x0 = Math.max(0, scroller.x);
    const y0 = Math.max(0, scroller.y);
    const x1 = Math.min(viewportWidth, scroller.x + scroller.width);
    const y1 = Math.min(viewportHeight, scroller.y + scroller.height);
    scroller = { x: x0, y: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) };
    // Scroll range (whole CSS px) plus the part of the box on screen.
    contentWidth = el.scrollWidth - el.clientWidth + scroller.width;
    contentHeight = el.scrollHeight - el.clientHeight + scroller.height;
  } else {
    scroller = { x: 0, y: 0, width: viewportWidth, height: viewportHeight };
    contentWidth = Math.max(se.scrollWidth, viewportWidth);
    contentHeight = Math.max(se.scrollHeight, viewportHeight);
  }
  // Nothing scrolls here: the content may scroll inside a large iframe instead.
  const still = target.kind === 'document' && contentHeight <= viewportHeight + 1 && contentWidth <= viewportWidth + 1;
  return {
    frame: still && window === window.top ? findMainFrame() : undefined,
    innerWidth: window.innerWidth,
    innerHeight: window.innerHeight,
    viewportWidth,
    viewportHeight,
    scroller,
    contentWidth,
    contentHeight,
    scrollerKind: target.kind,
    devicePixelRatio: window.devicePixelRatio,
    title: document.title,
    url: location.href,
  };
}
