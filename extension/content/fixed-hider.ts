import { hasFixedBackground, pinFixedBackground } from './fixed-backgrounds';
import { deepElements, shadowRoots } from '../capture/deep-elements';
import { PseudoHider } from './fixed-pseudo';
import type { StylePatcher } from './style-patcher';

/**
 * After the first frame, `position: fixed` elements are hidden (they were captured once, where
 * they sit on screen) and `sticky` ones are made static, so each shows once at its place in the
 * flow instead of on every frame. Fixed and sticky `::before`/`::after` are treated the same way
 * (through an attribute and a stylesheet: they have no inline style). A MutationObserver collects
 * elements added or restyled later (late banners, headers that turn fixed on scroll); they are
 * checked before each frame. Open shadow roots are searched and watched too.
 */
export class FixedHider {
  private scannedAll = false;
  private dirty = new Set<Element>();
  /** Elements already handled (the style patcher also holds html and body for scroll-behavior). */
  private readonly done = new WeakSet<Element>();
  private backgrounds: HTMLElement[] = [];
  private readonly pseudo = new PseudoHider();
  private readonly observer: MutationObserver;

  constructor(
    private readonly styles: StylePatcher,
    /** Elements never to touch: our overlay, and fixed ancestors of an inner scroller. */
    private readonly keep: (el: Element) => boolean,
    /** How far the page has scrolled from the capture's origin (0,0) right now. */
    private readonly scrolled: () => { x: number; y: number } = () => ({ x: 0, y: 0 }),
  ) {
    this.observer = new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes') this.dirty.add(r.target as Element);
        else r.addedNodes.forEach((n) => n.nodeType === Node.ELEMENT_NODE && this.dirty.add(n as Element));
      }
    });
    this.watch(document.documentElement);
  }

  private watch(root: Node): void {
    this.observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'style'] });
  }

  /** Hides what needs hiding now. Returns how many elements were newly changed. */
  async apply(): Promise<number> {
    let changed = 0;
    if (!this.scannedAll) {
      this.scannedAll = true;
      this.dirty.clear();
      // Web components' fixed headers live in shadow roots, which the observer must watch too.
      for (const root of shadowRoots()) this.watch(root);
      for (const el of deepElements()) changed += this.check(el);
    } else {
      const batch = [...this.dirty];
      this.dirty.clear();
      for (const root of batch) {
        if (!root.isConnected) continue;
        changed += this.check(root);
        for (const el of deepElements(root)) changed += this.check(el);
      }
    }
    const pending = this.backgrounds;
    this.backgrounds = [];
    for (const el of pending) if (await pinFixedBackground(el, this.styles, this.scrolled())) changed += 1;
    return changed;
  }

  private check(el: Element): number {
    if (!(el instanceof HTMLElement) || this.keep(el)) return 0;
    // Pseudo-elements first: the root and body (skipped below) often carry a fixed page background.
    const pseudo = this.pseudo.check(el);
    if (this.done.has(el)) return pseudo;
    return pseudo + this.checkElement(el);
  }

  private checkElement(el: HTMLElement): number {
    const cs = getComputedStyle(el);
    if (hasFixedBackground(cs)) {
      this.done.add(el);
      this.backgrounds.push(el);
    }
    // The root and body are never hidden or made static (a page that locks scrolling fixes body).
    if (el === document.documentElement || el === document.body) return 0;
    if (cs.position === 'fixed') {
      this.done.add(el);
      this.styles.set(el, 'visibility', 'hidden');
      return 1;
    }
    if (cs.position === 'sticky') {
      this.done.add(el);
      this.styles.set(el, 'position', 'static');
      return 1;
    }
    return 0;
  }

  /** Stops watching and puts the pseudo-elements back (inline styles are the StylePatcher's). */
  disconnect(): void {
    this.observer.disconnect();
    this.pseudo.restore();
  }
}
