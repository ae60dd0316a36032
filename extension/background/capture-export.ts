/**
 * Captures as the library's "Add from extension" takes them, served to the bridge frame over a
 * Port (lib/capture-port.ts): the list (what the editor's recent list shows), and one capture as
 * PNG files, every part stitched from its frames with its saved edits (crop, annotations, stamp),
 * exactly what the editor's PNG download gives.
 */
import { getCapture, listCaptures, shownSize } from '../lib/capture-store';
import { bytesToBase64, CHUNK_BYTES, type CapturesReply, type CapturesRequest, type ListingOverPort } from '../lib/capture-port';
import { libraryStrips, renderPart } from '../lib/render';
import { readSaved, savedWhole } from '../lib/saved-captures';

async function listings(): Promise<ListingOverPort[]> {
  const all = await listCaptures();
  return Promise.all(
    all.map(async (c) => ({
      id: c.id, title: c.title, url: c.url, createdAt: c.createdAt, ...shownSize(c), parts: c.parts.length,
      savedBy: savedWhole(await readSaved(c.id), c.edits),
      thumbnail: c.thumbnail ? { type: c.thumbnail.type, base64: bytesToBase64(new Uint8Array(await c.thumbnail.arrayBuffer())) } : null,
    })),
  );
}

/**
 * Sends every part of the capture as PNG, one after the other, a part over the library's pixel
 * limit as strips (as Save to library does); false when the capture is gone.
 */
async function sendCapture(id: string, send: (m: CapturesReply) => void): Promise<boolean> {
  const record = await getCapture(id);
  if (!record) return false;
  let index = 0;
  for (let i = 0; i < record.parts.length; i++) {
    for (const piece of libraryStrips(await renderPart(record, i))) {
      const bytes = new Uint8Array(await (await piece.convertToBlob({ type: 'image/png' })).arrayBuffer());
      send({ type: 'part', index: index++, width: piece.width, height: piece.height, mime: 'image/png' });
      for (let at = 0; at < bytes.length; at += CHUNK_BYTES) send({ type: 'chunk', base64: bytesToBase64(bytes.subarray(at, at + CHUNK_BYTES)) });
    }
  }
  send({ type: 'done', id: record.id, title: record.title, url: record.url });
  return true;
}

/** Answers one request on a Port the bridge frame opened, then closes it. */
export function serveCapturesPort(port: chrome.runtime.Port): void {
  port.onMessage.addListener((req: CapturesRequest) => {
    const send = (m: CapturesReply) => port.postMessage(m);
    const work = req.type === 'list'
      ? listings().then((captures) => send({ type: 'list', captures }))
      : sendCapture(req.id, send).then((found) => found || send({ type: 'gone' }));
    work.catch((e: unknown) => {
      console.error('Captures port: the request failed', e);
      send({ type: 'error', message: (e as Error)?.message ?? String(e) });
    });
  });
}
