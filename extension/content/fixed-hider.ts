import type { StylePatcher } from './style-patcher';

/**
 * After the first frame, `position: fixed` elements are hidden (they were captured once, where
 * they sit on screen) and `sticky` ones are made static, so each shows once at its place in the
 * flow instead of on every frame. A MutationObserver collects elements added or restyled later
 * (late banners, headers that turn fixed on scroll); they are checked before each frame.
 */
export class FixedHider {
  private scannedAll = false;
  private dirty = new Set<Element>();
  private readonly observer: MutationObserver;

  constructor(
    private readonly styles: StylePatcher,
    /** Elements never to touch: our overlay, and fixed ancestors of an inner scroller. */
    private readonly keep: (el: Element) => boolean,
  ) {
    this.observer = new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes') this.dirty.add(r.target as Element);
        else r.addedNodes.forEach((n) => n.nodeType === Node.ELEMENT_NODE && this.dirty.add(n as Element));
      }
    });
    this.observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'style'] });
  }

  /** Hides what needs hiding now. Returns how many elements were newly changed. */
  apply(): number {
    let changed = 0;
    if (!this.scannedAll) {
      this.scannedAll = true;
      this.dirty.clear();
      for (const el of document.querySelectorAll('*')) changed += this.check(el);
      return changed;
    }
    const batch = [...this.dirty];
    this.dirty.clear();
    for (const root of batch) {
      if (!root.isConnected) continue;
      changed += this.check(root);
      for (const el of root.querySelectorAll('*')) changed += this.check(el);
    }
    return changed;
  }

  private check(el: Element): number {
    if (!(el instanceof HTMLElement) || this.styles.has(el) || this.keep(el)) return 0;
    const pos = getComputedStyle(el).position;
    if (pos === 'fixed') {
      this.styles.set(el, 'visibility', 'hidden');
      return 1;
    }
    if (pos === 'sticky') {
      this.styles.set(el, 'position', 'static');
      return 1;
    }
    return 0;
  }

  disconnect(): void {
    this.observer.disconnect();
  }
}
