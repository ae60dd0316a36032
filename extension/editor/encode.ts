import type { AnyCanvas } from '../lib/render';
import type { EncodeRequest, EncodeResponse } from './encoder-worker';

let encoder: Worker | null = null;
let nextId = 0;
const pending = new Map<number, { resolve(b: Blob): void; reject(e: Error): void }>();

/** Encodes a canvas as PNG, JPEG or WebP in the encoder worker (see encoder-worker.ts for why). */
export async function canvasToBlob(canvas: AnyCanvas, type: EncodeRequest['type'], quality?: number): Promise<Blob> {
  if (!encoder) {
    encoder = new Worker(new URL('encoder.js', location.href), { type: 'module' });
    encoder.onmessage = (e: MessageEvent<EncodeResponse>) => {
      const p = pending.get(e.data.id);
      pending.delete(e.data.id);
      if (!p) return;
      if ('blob' in e.data) p.resolve(e.data.blob);
      else p.reject(new Error(e.data.error));
    };
  }
  const bitmap = await createImageBitmap(canvas);
  const id = nextId++;
  const worker = encoder;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, bitmap, type, quality } satisfies EncodeRequest, [bitmap]);
  });
}
