/**
 * How the bridge frame gets captures from the service worker. The frame runs inside the website
 * (a third-party context), where Chrome denies it the extension's IndexedDB; the service worker
 * reads it and sends what the frame asks for over a runtime Port. Port messages are JSON, so image
 * files travel as base64 chunks and are put back together as Blobs in the frame.
 */
import type { CaptureListing } from '#shared/extension/bridge-protocol';

export const CAPTURES_PORT = 'captures';

/** 3 MB of bytes per message (4 MB of base64): far below Chrome's 64 MB message limit. */
export const CHUNK_BYTES = 3 * 1024 * 1024;

export type CapturesRequest = { type: 'list' } | { type: 'export'; id: string };

export type ListingOverPort = Omit<CaptureListing, 'thumbnail'> & { thumbnail: { type: string; base64: string } | null };

export type CapturesReply =
  | { type: 'list'; captures: ListingOverPort[] }
  | { type: 'part'; index: number; width: number; height: number; mime: string }
  | { type: 'chunk'; base64: string }
  | { type: 'done'; id: string; title: string; url: string }
  | { type: 'gone' }
  | { type: 'error'; message: string };

export function bytesToBase64(bytes: Uint8Array): string {
  let s = '';
  // String.fromCharCode takes arguments: 32 K at a time stays far below the engine's argument limit.
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const s = atob(base64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}
