import { scrollEquivalent, splitLayers, type Size } from '../capture/fixed-background';
import type { StylePatcher } from './style-patcher';

const IMAGE_SIZE_WAIT_MS = 1_000;

/** The natural size of a `url(…)` layer (from the cache: the page has shown it), null for gradients. */
async function naturalSize(layer: string): Promise<Size | null> {
  const m = /^url\(\s*["']?(.*?)["']?\s*\)$/.exec(layer);
  if (!m) return null;
  const img = new Image();
  img.src = m[1];
  await Promise.race([img.decode().catch(() => undefined), new Promise((r) => setTimeout(r, IMAGE_SIZE_WAIT_MS))]);
  return img.naturalWidth ? { width: img.naturalWidth, height: img.naturalHeight } : null;
}

/** Computed lists repeat to the number of image layers, as CSS does. */
const layer = (list: string[], i: number) => list[i % list.length];

/** Whether `el` has a background layer attached to the viewport. */
export function hasFixedBackground(cs: CSSStyleDeclaration): boolean {
  return cs.backgroundImage !== 'none' && /\bfixed\b/.test(cs.backgroundAttachment);
}

/**
 * Draws `el`'s fixed background layers as `scroll`, sized and positioned in px so the image stays
 * where frame 0 (scroll 0,0) showed it. `scrolled` is how far the page has scrolled from that
 * origin now, to find the element's box at the origin. Returns false when a layer cannot be
 * resolved (calc()); the element is then left as it is.
 */
export async function pinFixedBackground(el: HTMLElement, styles: StylePatcher, scrolled: { x: number; y: number }): Promise<boolean> {
  const cs = getComputedStyle(el);
  const images = splitLayers(cs.backgroundImage);
  const attachments = splitLayers(cs.backgroundAttachment);
  const xs = splitLayers(cs.backgroundPositionX);
  const ys = splitLayers(cs.backgroundPositionY);
  const sizes = splitLayers(cs.backgroundSize);
  const root = document.documentElement;
  // A body background painted on the whole canvas is positioned against the root element's box.
  const boxEl = el === document.body && getComputedStyle(root).backgroundImage === 'none' ? root : el;
  const r = boxEl.getBoundingClientRect();
  const box = { x: r.left + boxEl.clientLeft + scrolled.x, y: r.top + boxEl.clientTop + scrolled.y };
  const viewport = { width: root.clientWidth, height: root.clientHeight };
  const out = { attachment: [] as string[], position: [] as string[], size: [] as string[] };
  for (let i = 0; i < images.length; i++) {
    const fixed = layer(attachments, i) === 'fixed';
    const eq = fixed
      ? scrollEquivalent({ positionX: layer(xs, i), positionY: layer(ys, i), size: layer(sizes, i), natural: await naturalSize(images[i]) }, viewport, box)
      : null;
    if (fixed && !eq) return false;
    out.attachment.push(fixed ? 'scroll' : layer(attachments, i));
    out.position.push(eq ? eq.position : `${layer(xs, i)} ${layer(ys, i)}`);
    out.size.push(eq ? eq.size : layer(sizes, i));
  }
  styles.set(el, 'background-attachment', out.attachment.join(', '));
  styles.set(el, 'background-position', out.position.join(', '));
  styles.set(el, 'background-size', out.size.join(', '));
  return true;
}
