/**
 * Area and element modes in the page: shows the picker, keeps what the user picked until the
 * capture's `prepare`, then says which scroller the capture scrolls and where the pick is in it
 * (PickedSelection). The worker learns of the pick by a `picked` message; the pick itself (an
 * element, a rectangle in a scroller's coordinates) stays here, where it means something.
 */
import type { PageGeometry, PickedSelection, Rect } from '#shared/extension/messages';
import { insideBox } from '../capture/area-plan';
import { chooseScrollTarget, documentTarget, elementTarget, isScrollPane, type ScrollTarget } from '../capture/measure';
import { AreaPicker } from './area-picker';
import { ElementPicker } from './element-picker';

type Pick = { kind: 'area'; target: ScrollTarget; rect: Rect } | { kind: 'element'; el: Element };

let picking: AreaPicker | ElementPicker | null = null;
let picked: Pick | null = null;

/** Shows the picker of `kind`; when the user has picked, `onPicked` tells the worker. Escape drops it. */
export function startPicker(kind: Pick['kind'], onPicked: () => void): void {
  picking?.close();
  picked = null;
  const keep = (pick: Pick) => {
    picking = null;
    picked = pick;
    onPicked();
  };
  if (kind === 'area') {
    const target = chooseScrollTarget();
    picking = new AreaPicker(target, (rect) => (rect ? keep({ kind, target, rect }) : (picking = null)));
  } else {
    picking = new ElementPicker((el) => {
      if (!el) {
        picking = null;
        return;
      }
      revealElement(el);
      keep({ kind, el });
    });
  }
}

/** Closes an open picker without a pick: another capture starts (its layer must not be in the image). */
export function closePicker(): void {
  picking?.close();
  picking = null;
}

/** The pick, once: a capture takes it. */
export function takePick(): Pick | null {
  const p = picked;
  picked = null;
  return p;
}

const pane = (el: Element): el is HTMLElement => el instanceof HTMLElement && el !== document.body && el !== document.documentElement && isScrollPane(el);

/**
 * Brings a picked element on screen where it can be: all of it if it fits, else its top (a pane's
 * top, so that it is unrolled from the first row). A person sees the page move to it.
 */
function revealElement(el: Element): void {
  const r = el.getBoundingClientRect();
  const vh = document.documentElement.clientHeight;
  const vw = document.documentElement.clientWidth;
  const inView = r.top >= 0 && r.left >= 0 && r.bottom <= vh && r.right <= vw;
  if (inView) return;
  const fits = r.height <= vh && r.width <= vw;
  if (fits || pane(el)) el.scrollIntoView({ block: fits ? 'nearest' : 'start', inline: 'nearest', behavior: 'instant' });
}

/** The nearest ancestor pane that scrolls the element's content (not the document), if any. */
function scrollingAncestor(el: Element): HTMLElement | null {
  for (let up = el.parentElement ?? ((el.getRootNode() as ShadowRoot).host || null); up; up = up.parentElement ?? ((up.getRootNode() as ShadowRoot).host || null)) {
    if (pane(up)) return up;
  }
  return null;
}

/** What a capture of the pick scrolls: a picked pane itself (unrolled), else the scroller around it. */
export function pickTarget(p: Pick): ScrollTarget {
  if (p.kind === 'area') return p.target;
  if (pane(p.el)) return elementTarget(p.el);
  const up = scrollingAncestor(p.el);
  return up ? elementTarget(up) : documentTarget();
}

/** Where the pick is in the layout `g` of its scroller (`target`), measured as the capture prepares. */
export function pickSelection(p: Pick, target: ScrollTarget, g: PageGeometry): PickedSelection {
  const at = target.position();
  const viewport = { x: 0, y: 0, width: g.viewportWidth, height: g.viewportHeight };
  const onScreen = (rect: Rect, box: Rect) => insideBox({ ...rect, x: rect.x - at.x, y: rect.y - at.y }, box);
  if (p.kind === 'area') return { rect: p.rect, at, onScreen: onScreen(p.rect, viewport) };
  // A pane: all its content, unrolled in its box.
  if (target.el === p.el) return { rect: { x: g.scroller.x, y: g.scroller.y, width: g.contentWidth, height: g.contentHeight }, at, onScreen: false };
  const r = p.el.getBoundingClientRect();
  const rect = { x: r.left + at.x, y: r.top + at.y, width: r.width, height: r.height };
  // Inside a pane, what the pane clips is not on screen.
  return { rect, at, onScreen: onScreen(rect, target.el ? g.scroller : viewport) };
}
