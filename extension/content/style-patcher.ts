/** Sets inline styles with !important and remembers the originals so everything can be put back. */
export class StylePatcher {
  private readonly saved = new Map<HTMLElement, Map<string, { value: string; priority: string }>>();

  set(el: HTMLElement, prop: string, value: string): void {
    let props = this.saved.get(el);
    if (!props) {
      props = new Map();
      this.saved.set(el, props);
    }
    if (!props.has(prop)) props.set(prop, { value: el.style.getPropertyValue(prop), priority: el.style.getPropertyPriority(prop) });
    el.style.setProperty(prop, value, 'important');
  }

  has(el: Element): boolean {
    return this.saved.has(el as HTMLElement);
  }

  restoreAll(): void {
    for (const [el, props] of this.saved) {
      for (const [prop, { value, priority }] of props) {
        if (value) el.style.setProperty(prop, value, priority);
        else el.style.removeProperty(prop);
      }
      if (el.getAttribute('style') === '') el.removeAttribute('style');
    }
    this.saved.clear();
  }
}
