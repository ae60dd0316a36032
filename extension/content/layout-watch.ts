import type { ScrollTarget } from '../capture/measure';

/**
 * Where the content really is while the page is scrolled, in the layout frame 0 showed.
 *
 * Some pages change layout when scrolled: a sticky in-flow header that collapses by 71 px once
 * the page moves (Node.js's docs) shifts everything below it up, so scrollY no longer says which
 * content a frame shows (Chrome's scroll anchoring may even move scrollY to compensate). So the
 * tops of elements spread over the page are recorded at frame 0 ("image" coordinates), and after
 * every scroll the one nearest the viewport is measured again: image y − content y is the offset
 * that places the frame, and that the next scroll is asked with. The image keeps the unscrolled
 * layout (the expanded header), as a user sees the top of the page and a full-page screenshot shows it.
 */
interface Anchor {
  el: Element;
  /** Top in content coordinates of the scroller, when recorded. */
  top: number;
}

/** At most one anchor per this many CSS px of the page. */
const SPACING = 40;
/** How many anchors near the viewport vote on the offset. */
const VOTERS = 7;

export class LayoutAnchors {
  private anchors: Anchor[] = [];
  private offset = 0;

  constructor(private readonly target: ScrollTarget) {}

  /** Image y − content y, as last measured (0 until the page is scrolled). */
  get lastOffset(): number {
    return this.offset;
  }

  /** content y = viewport y + base. */
  private base(): number {
    const el = this.target.el;
    if (!el) return window.scrollY;
    return el.scrollTop - el.getBoundingClientRect().top - el.clientTop;
  }

  /** Records anchors in the current layout, which becomes the image's. */
  record(): void {
    const root = this.target.el ?? document.body;
    this.offset = 0;
    this.anchors = [];
    if (!root) return;
    const base = this.base();
    const byBand = new Map<number, Anchor>();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT, {
      acceptNode: (node) => {
        // Fixed and sticky boxes do not move with the content (and are restyled after frame 0).
        const pos = getComputedStyle(node as Element).position;
        return pos === 'fixed' || pos === 'sticky' ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT;
      },
    });
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n as Element;
      const r = el.getBoundingClientRect();
      if (r.height <= 0 || r.width <= 0) continue;
      const top = r.top + base;
      byBand.set(Math.floor(top / SPACING), { el, top }); // later in document order: deeper, closer
    }
    this.anchors = [...byBand.values()].sort((a, b) => a.top - b.top);
  }

  /** Whether anything recorded above `limit` (content y) has moved or gone since `record()`. */
  movedAbove(limit: number): boolean {
    const base = this.base();
    const tol = 0.5 / devicePixelRatio;
    for (const a of this.anchors) {
      if (a.top >= limit) break;
      if (!a.el.isConnected || Math.abs(a.el.getBoundingClientRect().top + base - a.top) > tol) return true;
    }
    return false;
  }

  /** Measures the offset at the current scroll position, on the device-pixel grid. */
  measure(): number {
    const base = this.base();
    const viewTop = this.target.position().y;
    const dpr = devicePixelRatio || 1;
    let near = this.nearest(viewTop, base, this.window(viewTop + this.offset), dpr);
    if (!near.length) near = this.nearest(viewTop, base, [0, this.anchors.length], dpr);
    if (!near.length) return this.offset;
    // The offset most of the nearest anchors agree on (the nearest breaks ties): one element that
    // moves by itself when scrolled (parallax) must not move the frame.
    const votes = new Map<number, number>();
    for (const o of near) votes.set(o, (votes.get(o) ?? 0) + 1);
    let best = near[0];
    for (const o of near) if ((votes.get(o) ?? 0) > (votes.get(best) ?? 0)) best = o;
    this.offset = Math.abs(best) < 0.5 / dpr ? 0 : best;
    return this.offset;
  }

  /** Anchors recorded within two viewports of image y `y`: [from, to) indices. */
  private window(y: number): [number, number] {
    const span = 2 * Math.max(innerHeight, 1);
    return [this.lowerBound(y - span), this.lowerBound(y + span)];
  }

  private lowerBound(y: number): number {
    let lo = 0;
    let hi = this.anchors.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.anchors[mid].top < y) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Offsets (device-rounded) given by the connected anchors now nearest to `viewTop`, nearest first. */
  private nearest(viewTop: number, base: number, [from, to]: [number, number], dpr: number): number[] {
    const found: Array<{ dist: number; offset: number }> = [];
    for (let i = from; i < to; i++) {
      const a = this.anchors[i];
      if (!a.el.isConnected) continue;
      const r = a.el.getBoundingClientRect();
      if (r.height <= 0 && r.width <= 0) continue;
      const now = r.top + base;
      found.push({ dist: Math.abs(now - viewTop), offset: Math.round((a.top - now) * dpr) / dpr });
    }
    return found.sort((a, b) => a.dist - b.dist).slice(0, VOTERS).map((f) => f.offset);
  }
}
