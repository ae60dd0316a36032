/**
 * Fixed and sticky `::before`/`::after` pseudo-elements have no inline style to patch, so their
 * host elements get an attribute that one injected stylesheet matches: fixed ones are hidden,
 * sticky ones made static, as FixedHider does for elements. Removed again by `restore()`.
 */
const ATTR = 'data-fps-pseudo';
const PSEUDOS = ['before', 'after'] as const;
const RULES = PSEUDOS.map((p) =>
  `[${ATTR}~="${p}-hidden"]::${p} { visibility: hidden !important; }\n[${ATTR}~="${p}-static"]::${p} { position: static !important; }`,
).join('\n');

export class PseudoHider {
  private readonly hosts = new Set<Element>();
  private sheet: CSSStyleSheet | HTMLStyleElement | null = null;

  /** Marks `el` when one of its pseudo-elements is fixed or sticky. Returns how many were marked. */
  check(el: Element): number {
    if (this.hosts.has(el)) return 0;
    const tokens: string[] = [];
    for (const p of PSEUDOS) {
      const cs = getComputedStyle(el, `::${p}`);
      if (cs.content === 'none' || cs.display === 'none') continue;
      if (cs.position === 'fixed') tokens.push(`${p}-hidden`);
      else if (cs.position === 'sticky') tokens.push(`${p}-static`);
    }
    if (!tokens.length) return 0;
    this.install();
    this.hosts.add(el);
    el.setAttribute(ATTR, tokens.join(' '));
    return tokens.length;
  }

  restore(): void {
    for (const el of this.hosts) el.removeAttribute(ATTR);
    this.hosts.clear();
    const sheet = this.sheet;
    this.sheet = null;
    if (sheet instanceof CSSStyleSheet) document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    else sheet?.remove();
  }

  /** A constructed stylesheet (not subject to the page's CSP), else a <style> element. */
  private install(): void {
    if (this.sheet) return;
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(RULES);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      this.sheet = sheet;
    } catch {
      const style = document.createElement('style');
      style.textContent = RULES;
      document.documentElement.append(style);
      this.sheet = style;
    }
  }
}
