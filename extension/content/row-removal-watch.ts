/**
 * Tells whether the page takes rows out of a container while the capture scrolls it, as virtual
 * lists do (react-window, TanStack Virtual, AG Grid): they keep only the rows near the scroll
 * position. Such a page cannot be taken in one screenshot. Our own nodes (the overlay, probes and
 * style sheets on <html>) and the <head> are left out.
 */
const MIN_ROWS = 3;

export class RowRemovalWatch {
  private readonly removed = new Map<Node, number>();
  private readonly observer = new MutationObserver((records) => this.count(records));

  start(): void {
    this.observer.observe(document, { childList: true, subtree: true });
  }

  /** Stops watching; true when one container lost MIN_ROWS element children or more. */
  stop(): boolean {
    this.count(this.observer.takeRecords());
    this.observer.disconnect();
    return [...this.removed.values()].some((n) => n >= MIN_ROWS);
  }

  private count(records: MutationRecord[]): void {
    for (const r of records) {
      if (r.target === document.documentElement || r.target === document.head) continue;
      let n = 0;
      for (const node of r.removedNodes) if (node instanceof Element && !(node instanceof HTMLScriptElement || node instanceof HTMLStyleElement)) n += 1;
      if (n) this.removed.set(r.target, (this.removed.get(r.target) ?? 0) + n);
    }
  }
}
