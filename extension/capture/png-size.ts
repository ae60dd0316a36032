/** Width and height from a PNG's IHDR chunk, without decoding the image. */
export function readPngSize(bytes: Uint8Array): { width: number; height: number } {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || sig.some((b, i) => bytes[i] !== b)) throw new Error('Not a PNG image');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Decodes a `data:` URL (as returned by captureVisibleTab) into bytes. */
export function dataUrlToBytes(dataUrl: string): { mime: string; bytes: Uint8Array } {
  const comma = dataUrl.indexOf(',');
  const header = dataUrl.slice(5, comma);
  const mime = header.split(';')[0] || 'application/octet-stream';
  const base64 = dataUrl.slice(comma + 1);
  // Chrome 140+ decodes natively: a whole-page PNG in ~2 ms instead of ~20 ms for the loop.
  const native = (Uint8Array as { fromBase64?: (s: string) => Uint8Array }).fromBase64;
  if (native) return { mime, bytes: native(base64) };
  const bin = atob(base64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return { mime, bytes };
}

/** PNG size from a `data:` URL, decoding only the first bytes (the IHDR chunk). */
export function pngSizeOfDataUrl(dataUrl: string): { width: number; height: number } {
  const comma = dataUrl.indexOf(',');
  // 32 base64 characters = 24 bytes: the signature, IHDR length and type, width and height.
  const bin = atob(dataUrl.slice(comma + 1, comma + 1 + 32));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return readPngSize(bytes);
}

/** A frame's bytes as a Blob, decoded from base64 once: stored, and passed to the live editor by reference. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const { mime, bytes } = dataUrlToBytes(dataUrl);
  return new Blob([bytes as BlobPart], { type: mime });
}
