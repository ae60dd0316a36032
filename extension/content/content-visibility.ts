import type { StylePatcher } from './style-patcher';

/**
 * Renders what `content-visibility: auto` skips, for the whole capture. A skipped section is as
 * tall as its `contain-intrinsic-size` estimate until it nears the viewport, so the page's height
 * changes under the capture as it scrolls (Node.js's fs docs: 50,198 px at load, 131,981 px once
 * every section rendered). Forced to `visible` (inline, !important, so a strict style-src CSP
 * cannot block it) before the first measurement; sections added later are caught by an observer.
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
      if (el instanceof HTMLElement && !this.done.has(el) && getComputedStyle(el).contentVisibility === 'auto') {
        this.done.add(el);
        this.styles.set(el, 'content-visibility', 'visible');
        n += 1;
      }
    };
    visit(root);
    for (const el of root.querySelectorAll('*')) visit(el);
    this.count += n;
    return n;
  }

  /** Keeps forcing sections the page adds while it is captured (infinite lists, late content). */
  watch(): void {
    this.observer ??= new MutationObserver((records) => {
      for (const r of records) r.addedNodes.forEach((node) => node instanceof Element && node.isConnected && this.renderAll(node));
    });
    this.observer.observe(document.documentElement, { subtree: true, childList: true });
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
