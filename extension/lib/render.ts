/**
 * Canvas work of the editor and the service worker's export: stitching a part from its tiles and
 * drawing edits on it (OffscreenCanvas works in both). Encoding is the editor's (editor/encode.ts).
 */
import type { PartPlan } from '../capture/stitch-plan';
import { clampBox, sizeAfter, stampText, type EditOp } from './edit-ops';
import { getTile, type CaptureRecord } from './capture-store';
import { stripHeights } from './library-upload';

export type AnyCanvas = HTMLCanvasElement | OffscreenCanvas;

function context2d(canvas: AnyCanvas): CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D {
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  // Past Chrome's canvas limits a canvas has no backing store: fail loudly, never export a blank image.
  if (!ctx || canvas.width === 0 || canvas.height === 0) throw new Error(`The canvas could not be created (${canvas.width}×${canvas.height}).`);
  return ctx;
}

/**
 * Stitches one part into `target` (resized to the part): every draw of the plan, tiles decoded a
 * few at a time (decoding runs off the main thread; the cells do not overlap, so order is free).
 */
export async function composePart<C extends AnyCanvas>(part: PartPlan, getTile: (index: number) => Promise<Blob | undefined>, target: C): Promise<C> {
  target.width = part.width;
  target.height = part.height;
  const ctx = context2d(target);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, part.width, part.height);
  await drawTiles(ctx, part.draws, getTile);
  return target;
}

/** Draws `draws` from their tiles, decoded a few at a time (the cells do not overlap, so order is free). */
export async function drawTiles(ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D, draws: PartPlan['draws'], getTile: (index: number) => Promise<Blob | undefined>): Promise<void> {
  const byTile = new Map<number, PartPlan['draws']>();
  for (const d of draws) byTile.set(d.tile, [...(byTile.get(d.tile) ?? []), d]);
  const queue = [...byTile.keys()];
  const worker = async () => {
    for (let t = queue.shift(); t !== undefined; t = queue.shift()) {
      const blob = await getTile(t);
      if (!blob) throw new Error(`Frame ${t + 1} of this capture is missing.`);
      const bitmap = await createImageBitmap(blob);
      for (const d of byTile.get(t)!) ctx.drawImage(bitmap, d.sx, d.sy, d.sw, d.sh, d.dx, d.dy, d.sw, d.sh);
      bitmap.close();
    }
  };
  await Promise.all([worker(), worker(), worker()]);
}

/** Part `i` of a stored capture as exported: stitched from its frames, with its saved edits. */
export async function renderPart(record: Pick<CaptureRecord, 'id' | 'parts' | 'edits'>, i: number): Promise<OffscreenCanvas> {
  const base = await composePart(record.parts[i], (t) => getTile(record.id, t), new OffscreenCanvas(1, 1));
  const out = new OffscreenCanvas(1, 1);
  renderEdits(base, record.edits?.[i] ?? [], out);
  return out;
}

/**
 * A canvas as the library takes it (Save to library, Add from extension): whole, or cut into as few
 * equal strips as fit the library's pixel limit (stripHeights), each saved as one more part.
 */
export function* libraryStrips<C extends AnyCanvas>(canvas: C): Generator<C | OffscreenCanvas> {
  const heights = stripHeights(canvas.width, canvas.height);
  if (heights.length === 1) {
    yield canvas;
    return;
  }
  let y = 0;
  for (const h of heights) {
    const strip = new OffscreenCanvas(canvas.width, h);
    strip.getContext('2d')!.drawImage(canvas, 0, y, canvas.width, h, 0, 0, canvas.width, h);
    y += h;
    yield strip;
  }
}

/** Draws `ops` over a copy of `base` into `target` (resized to fit). */
export function renderEdits(base: AnyCanvas, ops: readonly EditOp[], target: AnyCanvas): void {
  const size = sizeAfter(base, ops);
  // Crops shift everything after them: track the offset of the current image inside `base`.
  let offX = 0;
  let offY = 0;
  let cur = { width: base.width, height: base.height };
  const postCrop: EditOp[] = [];
  for (const op of ops) {
    if (op.kind === 'crop') {
      const b = clampBox(op.rect, cur);
      if (!b) continue;
      // Earlier drawings move with the crop: re-express them in the new coordinates.
      for (let i = 0; i < postCrop.length; i++) postCrop[i] = shift(postCrop[i], -b.x, -b.y);
      offX += b.x;
      offY += b.y;
      cur = { width: b.width, height: b.height };
    } else {
      postCrop.push(op);
    }
  }
  target.width = size.width;
  target.height = size.height;
  const ctx = context2d(target);
  ctx.drawImage(base, offX, offY, size.width, size.height, 0, 0, size.width, size.height);
  for (const op of postCrop) drawOp(ctx, op, size);
}

function shift(op: EditOp, dx: number, dy: number): EditOp {
  switch (op.kind) {
    case 'blur':
    case 'highlight':
    case 'crop':
      return { ...op, rect: { ...op.rect, x: op.rect.x + dx, y: op.rect.y + dy } };
    case 'text':
      return { ...op, x: op.x + dx, y: op.y + dy };
    case 'stamp':
      return op; // always drawn at the top-left corner of the final image
  }
}

function drawOp(ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D, op: EditOp, size: { width: number; height: number }): void {
  switch (op.kind) {
    case 'crop':
      return;
    case 'highlight': {
      const b = clampBox(op.rect, size);
      if (!b) return;
      ctx.save();
      ctx.globalCompositeOperation = 'multiply';
      ctx.fillStyle = 'rgba(255, 235, 59, 0.55)';
      ctx.fillRect(b.x, b.y, b.width, b.height);
      ctx.restore();
      return;
    }
    case 'blur': {
      const b = clampBox(op.rect, size);
      if (!b) return;
      // Pixelate rather than blur: a blurred secret can sometimes be read back, big blocks cannot.
      const block = Math.max(8, Math.round(Math.min(b.width, b.height) / 6));
      const small = new OffscreenCanvas(Math.max(1, Math.ceil(b.width / block)), Math.max(1, Math.ceil(b.height / block)));
      const sctx = small.getContext('2d')!;
      sctx.imageSmoothingEnabled = true;
      sctx.drawImage(ctx.canvas, b.x, b.y, b.width, b.height, 0, 0, small.width, small.height);
      ctx.save();
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(small, 0, 0, small.width, small.height, b.x, b.y, b.width, b.height);
      ctx.restore();
      return;
    }
    case 'text': {
      ctx.save();
      ctx.font = `bold ${op.size}px system-ui, sans-serif`;
      ctx.textBaseline = 'top';
      ctx.lineWidth = Math.max(2, op.size / 8);
      ctx.strokeStyle = '#ffffff';
      ctx.strokeText(op.text, op.x, op.y);
      ctx.fillStyle = op.color;
      ctx.fillText(op.text, op.x, op.y);
      ctx.restore();
      return;
    }
    case 'stamp': {
      const text = stampText(op);
      const fontSize = Math.max(12, Math.round(size.width / 80));
      ctx.save();
      ctx.font = `${fontSize}px system-ui, sans-serif`;
      ctx.textBaseline = 'top';
      const pad = Math.round(fontSize / 2);
      const w = Math.min(size.width, ctx.measureText(text).width + pad * 2);
      ctx.fillStyle = 'rgba(0, 0, 0, 0.75)';
      ctx.fillRect(0, 0, w, fontSize + pad * 2);
      ctx.fillStyle = '#ffffff';
      ctx.fillText(text, pad, pad, size.width - pad * 2);
      ctx.restore();
      return;
    }
  }
}
