/**
 * "Capture selected area": the user drags a rectangle over the page. The size shows in CSS px
 * beside it (a live region, so screen readers hear it), dragging to an edge of the viewport scrolls
 * the page, and Escape cancels. The rectangle is kept in image CSS px of the scroller (viewport
 * position plus its scroll offset, see PickedSelection), so it may be taller than the viewport.
 */
import type { Rect } from '#shared/extension/messages';
import type { ScrollTarget } from '../capture/measure';
import { PickerLayer, type LayerPart } from './picker-layer';

/** How close to an edge (CSS px) the pointer scrolls the page, and how fast at most (CSS px a frame). */
const EDGE = 32;
const MAX_SPEED = 40;
/** A smaller drag is taken for a stray click: the picker stays up. */
const MIN_SIZE = 4;

const CSS = `
  .shade { position: fixed; inset: 0; background: rgba(0, 0, 0, .2); }
  .box { position: fixed; box-sizing: border-box; border: 1px dashed #fff; outline: 1px solid #1a73e8;
    box-shadow: 0 0 0 200vmax rgba(0, 0, 0, .2); }
`;
const PARTS: LayerPart[] = [
  { cls: 'shade' },
  { cls: 'box', hidden: true },
  { cls: 'hint', text: 'Drag over the area to capture. {Esc} cancels.' },
  { cls: 'size', attrs: { role: 'status', 'aria-live': 'polite', 'aria-label': 'Selected area' }, hidden: true },
];

export class AreaPicker {
  private readonly layer: PickerLayer;
  /** Where the drag started, in image CSS px; null before the pointer goes down. */
  private start: { x: number; y: number } | null = null;
  /** The pointer, in viewport CSS px. */
  private pointer = { x: 0, y: 0 };
  private frame = 0;
  private readonly onScroll = () => this.draw();

  constructor(
    private readonly target: ScrollTarget,
    private readonly done: (rect: Rect | null) => void,
  ) {
    this.layer = new PickerLayer(CSS, PARTS, (e) => {
      if (e.key !== 'Escape') return false;
      this.finish(null);
      return true;
    });
    const host = this.layer.host;
    host.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      e.preventDefault();
      host.setPointerCapture(e.pointerId);
      this.pointer = { x: e.clientX, y: e.clientY };
      const at = this.target.position();
      this.start = { x: e.clientX + at.x, y: e.clientY + at.y };
      this.layer.part('shade').toggleAttribute('hidden', true);
      this.draw();
      this.frame = requestAnimationFrame(this.edgeScroll);
    });
    host.addEventListener('pointermove', (e) => {
      if (!this.start) return;
      this.pointer = { x: e.clientX, y: e.clientY };
      this.draw();
    });
    host.addEventListener('pointerup', (e) => {
      if (!this.start || e.button !== 0) return;
      this.pointer = { x: e.clientX, y: e.clientY };
      const rect = this.rect();
      cancelAnimationFrame(this.frame);
      if (rect.width >= MIN_SIZE && rect.height >= MIN_SIZE) {
        this.finish(rect);
        return;
      }
      this.start = null;
      this.layer.part('shade').toggleAttribute('hidden', false);
      this.layer.part('box').toggleAttribute('hidden', true);
      this.layer.part('size').toggleAttribute('hidden', true);
    });
    // The page may also scroll under the drag by the wheel.
    addEventListener('scroll', this.onScroll, true);
  }

  /** The rectangle from the drag's start to the pointer, in image CSS px. */
  private rect(): Rect {
    const at = this.target.position();
    const s = this.start!;
    const x = this.pointer.x + at.x;
    const y = this.pointer.y + at.y;
    return { x: Math.min(s.x, x), y: Math.min(s.y, y), width: Math.abs(x - s.x), height: Math.abs(y - s.y) };
  }

  private draw(): void {
    if (!this.start) return;
    const r = this.rect();
    const at = this.target.position();
    const box = this.layer.part('box');
    box.hidden = false;
    Object.assign(box.style, { left: `${r.x - at.x}px`, top: `${r.y - at.y}px`, width: `${r.width}px`, height: `${r.height}px` });
    const size = this.layer.part('size');
    size.hidden = false;
    size.textContent = `${Math.round(r.width)} × ${Math.round(r.height)} px`;
    // Beside the pointer, kept on screen.
    const vw = document.documentElement.clientWidth;
    const vh = document.documentElement.clientHeight;
    Object.assign(size.style, { left: `${Math.min(this.pointer.x + 12, vw - 130)}px`, top: `${Math.min(this.pointer.y + 16, vh - 36)}px` });
  }

  /** While the pointer is near an edge, scrolls that way, faster the closer it is. */
  private readonly edgeScroll = () => {
    if (!this.start) return;
    const vw = document.documentElement.clientWidth;
    const vh = document.documentElement.clientHeight;
    const speed = (dist: number) => (dist < EDGE ? Math.ceil((MAX_SPEED * (EDGE - Math.max(0, dist))) / EDGE) : 0);
    const dx = speed(vw - 1 - this.pointer.x) - speed(this.pointer.x);
    const dy = speed(vh - 1 - this.pointer.y) - speed(this.pointer.y);
    if (dx || dy) {
      const at = this.target.position();
      this.target.scrollTo(at.x + dx, at.y + dy);
      this.draw();
    }
    this.frame = requestAnimationFrame(this.edgeScroll);
  };

  private finish(rect: Rect | null): void {
    cancelAnimationFrame(this.frame);
    removeEventListener('scroll', this.onScroll, true);
    this.start = null;
    this.layer.remove();
    this.done(rect);
  }

  /** Closes the picker without a result (another pick started). */
  close(): void {
    this.finish(null);
  }
}
