/**
 * Encodes images off the editor's main thread. On the main thread Chrome runs canvas encoding
 * (toBlob / convertToBlob) in idle time, which can wait a second or more per image right after
 * user input when no frames are being drawn; a worker encodes at once.
 */
export interface EncodeRequest {
  id: number;
  bitmap: ImageBitmap;
  type: 'image/png' | 'image/jpeg' | 'image/webp';
  quality?: number;
}

export type EncodeResponse = { id: number; blob: Blob } | { id: number; error: string };

self.onmessage = async (e: MessageEvent<EncodeRequest>) => {
  const { id, bitmap, type, quality } = e.data;
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    if (type === 'image/png') {
      // The bitmap becomes the canvas's image as it is, no copy: a 146 Mpx capture would need
      // another 585 MB drawn into a 2D canvas.
      const renderer = canvas.getContext('bitmaprenderer');
      if (!renderer || canvas.width === 0) throw new Error('The canvas could not be created.');
      renderer.transferFromImageBitmap(bitmap);
    } else {
      const ctx = canvas.getContext('2d');
      if (!ctx || canvas.width === 0) throw new Error('The canvas could not be created.');
      if (type === 'image/jpeg') {
        ctx.fillStyle = '#fff'; // JPEG has no alpha: flatten onto white
        ctx.fillRect(0, 0, canvas.width, canvas.height);
      }
      ctx.drawImage(bitmap, 0, 0);
      bitmap.close();
    }
    const blob = await canvas.convertToBlob({ type, quality });
    (self as unknown as Worker).postMessage({ id, blob } satisfies EncodeResponse);
  } catch (err) {
    (self as unknown as Worker).postMessage({ id, error: err instanceof Error ? err.message : String(err) } satisfies EncodeResponse);
  }
};
