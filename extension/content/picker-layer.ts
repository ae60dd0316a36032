/**
 * The layer the area and element pickers draw on: one element over the whole viewport with a
 * closed shadow root (page CSS cannot reach inside, and `all: initial` keeps inherited styles
 * out), taking the pointer so the page under it gets no clicks while the user picks. Removed before
 * the capture starts, so it is never in the image. Built node by node (no innerHTML: the store's
 * linters refuse markup from anything but a literal).
 */
const LAYER_STYLE = 'all: initial; position: fixed; inset: 0; z-index: 2147483647; display: block; pointer-events: auto; touch-action: none;';

const SHARED_CSS = `
  :host { cursor: crosshair; }
  .hint, .size { position: fixed; font: 13px/1.4 system-ui, sans-serif; color: #fff; background: rgba(17, 17, 17, .85);
    border-radius: 6px; padding: 4px 8px; pointer-events: none; white-space: nowrap; }
  .hint { top: 12px; left: 50%; transform: translateX(-50%); }
  kbd { font: inherit; border: 1px solid rgba(255, 255, 255, .6); border-radius: 3px; padding: 0 4px; }
  [hidden] { display: none; }
`;

/** One element of the layer: its class, attributes, and text with keys (`{Esc}` becomes <kbd>Esc</kbd>). */
export interface LayerPart {
  cls: string;
  attrs?: Record<string, string>;
  text?: string;
  hidden?: boolean;
}

function build(part: LayerPart): HTMLElement {
  const el = document.createElement('div');
  el.className = part.cls;
  for (const [k, v] of Object.entries(part.attrs ?? {})) el.setAttribute(k, v);
  el.hidden = !!part.hidden;
  for (const [i, piece] of (part.text ?? '').split(/\{([^}]+)\}/).entries()) {
    if (i % 2 === 0) el.append(piece);
    else el.append(Object.assign(document.createElement('kbd'), { textContent: piece }));
  }
  return el;
}

export class PickerLayer {
  readonly host: HTMLElement;
  private readonly root: ShadowRoot;
  private readonly keys: (e: KeyboardEvent) => void;

  /** `onKey` gets every key pressed while the layer is up; keys it handles (true) go no further. */
  constructor(css: string, parts: LayerPart[], onKey: (e: KeyboardEvent) => boolean) {
    this.host = document.createElement('fps-capture-picker');
    this.host.setAttribute('style', LAYER_STYLE);
    this.root = this.host.attachShadow({ mode: 'closed' });
    const style = document.createElement('style');
    style.textContent = SHARED_CSS + css;
    this.root.append(style, ...parts.map(build));
    this.keys = (e) => {
      if (!onKey(e)) return;
      e.preventDefault();
      e.stopImmediatePropagation();
    };
    // Capture phase on the window: before the page's own handlers on any element.
    addEventListener('keydown', this.keys, true);
    document.documentElement.appendChild(this.host);
    // Keys go to the page's focused field otherwise (typing there while picking would edit it).
    (document.activeElement as HTMLElement | null)?.blur?.();
  }

  part(cls: string): HTMLElement {
    return this.root.querySelector(`.${cls}`) as HTMLElement;
  }

  remove(): void {
    removeEventListener('keydown', this.keys, true);
    this.host.remove();
  }
}
