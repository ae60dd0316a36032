import { withAutoContainment } from '../capture/containment';
import { deepElements, shadowRoots } from '../capture/deep-elements';
import type { StylePatcher } from './style-patcher';

/**
 * Renders what `content-visibility: auto` skips, for the whole capture. A skipped section is as
 * tall as its `contain-intrinsic-size` estimate until it nears the viewport, so the page's height
 * changes under the capture as it scrolls (Node.js's fs docs: 50,198 px at load, 131,981 px once
 * every section rendered). Forced to `visible` (inline, !important, so a strict style-src CSP
 * cannot block it) before the first measurement, keeping the containment `auto` gives; sections
 * added later are caught by an observer (shadow roots included).
 * The StylePatcher puts everything back.
 */
export class ContentVisibility {
  private observer: MutationObserver | null = null;
  private count = 0;
  private readonly done = new WeakSet<Element>();

  constructor(private readonly styles: StylePatcher) {}

  /** Forces every `auto` element under `root` (itself included) visible; returns how many. */
  renderAll(root: Element = document.documentElement): number {
    let n = 0;
    const visit = (el: Element) => {
      if (!(el instanceof HTMLElement) || this.done.has(el)) return;
      const cs = getComputedStyle(el);
      if (cs.contentVisibility !== 'auto') return;
      this.done.add(el);
      // `auto` contains layout, style and paint whether or not it skips; `visible` alone would
      // let margins collapse through the section's edges and change the layout a reader sees.
      this.styles.set(el, 'contain', withAutoContainment(cs.contain));
      this.styles.set(el, 'content-visibility', 'visible');
      n += 1;
    };
    visit(root);
    for (const el of deepElements(root)) visit(el);
    this.count += n;
    return n;
  }

  /** Keeps forcing sections the page adds while it is captured (infinite lists, late content). */
  watch(): void {
    this.observer ??= new MutationObserver((records) => {
      for (const r of records) r.addedNodes.forEach((node) => node instanceof Element && node.isConnected && this.renderAll(node));
    });
    for (const root of [document.documentElement, ...shadowRoots()]) this.observer.observe(root, { subtree: true, childList: true });
  }

  /** How many elements were forced so far. */
  get forced(): number {
    return this.count;
  }

  disconnect(): void {
    this.observer?.disconnect();
    this.observer = null;
  }
}
