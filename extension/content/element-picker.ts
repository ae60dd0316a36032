/**
 * "Capture one element": the element under the pointer is highlighted, with its name and size in a
 * live region; Arrow Up and Arrow Down move the highlight to its parent and back down (or to its
 * first child), a click or Enter picks it, Escape cancels. Elements inside open shadow roots count.
 */
import { PickerLayer, type LayerPart } from './picker-layer';

const CSS = `
  :host { cursor: default; }
  .hl { position: fixed; box-sizing: border-box; border: 2px solid #1a73e8; background: rgba(26, 115, 232, .15); }
`;
const PARTS: LayerPart[] = [
  { cls: 'hl', hidden: true },
  { cls: 'hint', text: 'Click the element to capture. {↑} parent, {↓} child, {Esc} cancels.' },
  { cls: 'size', attrs: { role: 'status', 'aria-live': 'polite', 'aria-label': 'Highlighted element' }, hidden: true },
];

/** The element's parent, crossing out of a shadow root to its host; none above the body. */
function parentOf(el: Element): Element | null {
  if (el === document.body || el === document.documentElement) return null;
  const up = el.parentElement ?? ((el.getRootNode() as ShadowRoot).host || null);
  return up && up !== document.documentElement ? up : null;
}

/** The first child (in its shadow root, if it has an open one) with a box on screen. */
function firstChildOf(el: Element): Element | null {
  const children = [...(el.shadowRoot?.children ?? []), ...el.children];
  return children.find((c) => !['STYLE', 'SCRIPT', 'TEMPLATE'].includes(c.tagName) && c.getBoundingClientRect().width > 0 && c.getBoundingClientRect().height > 0) ?? null;
}

/** 'section#feed', 'div.card', 'img': how the label names an element. */
function nameOf(el: Element): string {
  const tag = el.tagName.toLowerCase();
  if (el.id) return `${tag}#${el.id}`;
  const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/)[0] : '';
  return cls ? `${tag}.${cls}` : tag;
}

export class ElementPicker {
  private readonly layer: PickerLayer;
  /** The element under the pointer, and the one highlighted (the same until an arrow key moves it). */
  private hovered: Element | null = null;
  private current: Element | null = null;
  /** The way back down after Arrow Up. */
  private below: Element[] = [];
  private readonly onScroll = () => this.draw();

  constructor(private readonly done: (el: Element | null) => void) {
    this.layer = new PickerLayer(CSS, PARTS, (e) => this.key(e.key));
    const host = this.layer.host;
    host.addEventListener('pointermove', (e) => {
      const el = this.elementAt(e.clientX, e.clientY);
      if (!el || el === this.hovered) return;
      this.hovered = el;
      this.select(el);
      this.below = [];
    });
    host.addEventListener('click', (e) => {
      e.preventDefault();
      const el = this.current ?? this.elementAt(e.clientX, e.clientY);
      if (el) this.finish(el);
    });
    addEventListener('scroll', this.onScroll, true);
  }

  private key(key: string): boolean {
    const el = this.current;
    switch (key) {
      case 'Escape':
        this.finish(null);
        return true;
      case 'Enter':
        if (el) this.finish(el);
        return true;
      case 'ArrowUp': {
        const up = el && parentOf(el);
        if (up) {
          this.below.push(el);
          this.select(up);
        }
        return true;
      }
      case 'ArrowDown': {
        const down = el && (this.below.pop() ?? firstChildOf(el));
        if (down) this.select(down);
        return true;
      }
      default:
        return false;
    }
  }

  /** The page's element at a point (under this layer), inside open shadow roots too. */
  private elementAt(x: number, y: number): Element | null {
    let el = document.elementsFromPoint(x, y).find((e) => e !== this.layer.host) ?? null;
    while (el?.shadowRoot) {
      const inner = el.shadowRoot.elementsFromPoint(x, y).find((e) => e !== el && el!.shadowRoot!.contains(e));
      if (!inner) break;
      el = inner;
    }
    return el;
  }

  private select(el: Element): void {
    this.current = el;
    this.draw();
  }

  private draw(): void {
    if (!this.current) return;
    const r = this.current.getBoundingClientRect();
    const hl = this.layer.part('hl');
    hl.hidden = false;
    Object.assign(hl.style, { left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px` });
    const label = this.layer.part('size');
    label.hidden = false;
    label.textContent = `${nameOf(this.current)} · ${Math.round(r.width)} × ${Math.round(r.height)} px`;
    // At the element's top left corner, kept on screen.
    const vw = document.documentElement.clientWidth;
    const vh = document.documentElement.clientHeight;
    Object.assign(label.style, { left: `${Math.max(4, Math.min(r.left, vw - 260))}px`, top: `${Math.max(44, Math.min(r.top - 30, vh - 36))}px` });
  }

  private finish(el: Element | null): void {
    removeEventListener('scroll', this.onScroll, true);
    this.layer.remove();
    this.done(el);
  }

  /** Closes the picker without a result (another pick started). */
  close(): void {
    this.finish(null);
  }
}
