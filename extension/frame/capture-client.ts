/** The bridge frame's side of the captures Port (lib/capture-port.ts): asks the service worker, rebuilds the Blobs. */
import type { CaptureExport, CaptureListing } from '#shared/extension/bridge-protocol';
import { base64ToBytes, CAPTURES_PORT, type CapturesReply, type CapturesRequest } from '../lib/capture-port';

/** Sends one request and collects replies until `finish` returns a result (or the Port closes). */
function ask<T>(req: CapturesRequest, finish: (m: CapturesReply) => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const port = chrome.runtime.connect({ name: CAPTURES_PORT });
    let settled = false;
    port.onMessage.addListener((m: CapturesReply) => {
      if (m.type === 'error') {
        settled = true;
        port.disconnect();
        reject(new Error(m.message));
        return;
      }
      const result = finish(m);
      if (result !== undefined) {
        settled = true;
        port.disconnect();
        resolve(result);
      }
    });
    port.onDisconnect.addListener(() => settled || reject(new Error('The extension stopped before answering.')));
    port.postMessage(req);
  });
}

export function listCapturesFromWorker(): Promise<CaptureListing[]> {
  return ask({ type: 'list' }, (m) =>
    m.type === 'list'
      ? m.captures.map((c) => ({ ...c, thumbnail: c.thumbnail ? new Blob([base64ToBytes(c.thumbnail.base64)], { type: c.thumbnail.type }) : null }))
      : undefined,
  );
}

export function exportCaptureFromWorker(id: string): Promise<CaptureExport | null> {
  const parts: CaptureExport['parts'] = [];
  let current: { width: number; height: number; mime: string; chunks: Uint8Array<ArrayBuffer>[] } | null = null;
  const close = () => {
    if (current) parts.push({ blob: new Blob(current.chunks, { type: current.mime }), width: current.width, height: current.height });
    current = null;
  };
  return ask<CaptureExport | null>({ type: 'export', id }, (m) => {
    switch (m.type) {
      case 'part':
        close();
        current = { width: m.width, height: m.height, mime: m.mime, chunks: [] };
        return undefined;
      case 'chunk':
        current?.chunks.push(base64ToBytes(m.base64));
        return undefined;
      case 'done':
        close();
        return { id: m.id, title: m.title, url: m.url, parts };
      case 'gone':
        return null;
      default:
        return undefined;
    }
  });
}
