/**
 * Captures live in this browser, in the extension's IndexedDB. None leaves it unless the user saves
 * it to their image library (Save to library / Add from extension), and then only that capture.
 * A capture is its frames as captured (PNG blobs, "tiles") plus the plan that stitches them, so
 * saving costs nothing extra during capture; the editor stitches on a canvas when it opens one.
 */
import type { PartPlan } from '../capture/stitch-plan';
import { sizeAfter, type EditOp, type Size } from './edit-ops';
import { forgetSaved } from './saved-captures';

export interface CaptureRecord {
  id: string;
  url: string;
  title: string;
  createdAt: number;
  /** Whole image in device pixels, before splitting. */
  width: number;
  height: number;
  /** Device pixels per CSS pixel of the page (devicePixelRatio, including page zoom). */
  dpr: number;
  parts: PartPlan[];
  tileCount: number;
  /**
   * How it was taken: scrolled and stitched, one debugger shot (fast mode), one tabs.captureTab of
   * the document (Firefox), one frame of the viewport, or the area or element the user picked
   * (background/area-capture.ts).
   */
  mode: 'stitch' | 'fast' | 'document' | 'visible' | 'area' | 'element';
  /** The page was longer than the frame cap allows; its bottom is missing. */
  truncated: boolean;
  /** Something the editor should tell about this capture (see CaptureNotice). */
  notice?: CaptureNotice;
  /** Edits per part index (Premium tools). */
  edits?: Record<number, EditOp[]>;
  thumbnail?: Blob;
}

/**
 * 'iframe-permission': the page scrolls inside another site's frame and iFrame access is off.
 * 'fast-pane' / 'fast-virtual': fast mode fell back to scrolling, for a page that scrolls inside a
 * pane or one that draws its rows only as it is scrolled.
 */
export type CaptureNotice = 'iframe-permission' | 'fast-pane' | 'fast-virtual';

export type CaptureSummary = Pick<CaptureRecord, 'id' | 'url' | 'title' | 'createdAt' | 'width' | 'height' | 'parts' | 'edits' | 'thumbnail'>;

/**
 * The size to show for image `part` of a capture: as captured, then through its saved edits, so a
 * crop (or its undo) changes what the editor and the recent list say.
 */
export function shownSize(c: Pick<CaptureRecord, 'parts' | 'edits'>, part = 0): Size {
  const p = c.parts[part];
  return sizeAfter({ width: p.width, height: p.height }, c.edits?.[part] ?? []);
}

const DB_NAME = 'fps-captures';
const DB_VERSION = 1;
/** Older captures beyond this many are removed, to keep local storage bounded. */
const MAX_KEPT_CAPTURES = 25;

function req<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('Transaction aborted'));
  });
}

let dbPromise: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  dbPromise ??= new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, DB_VERSION);
    open.onupgradeneeded = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('captures')) db.createObjectStore('captures', { keyPath: 'id' }).createIndex('createdAt', 'createdAt');
      if (!db.objectStoreNames.contains('tiles')) db.createObjectStore('tiles');
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => {
      dbPromise = null;
      reject(open.error);
    };
  });
  return dbPromise;
}

const tileKey = (id: string, index: number) => `${id}:${index}`;

export async function putTile(captureId: string, index: number, blob: Blob): Promise<void> {
  const db = await openDb();
  const tx = db.transaction('tiles', 'readwrite');
  tx.objectStore('tiles').put(blob, tileKey(captureId, index));
  await done(tx);
}

export async function getTile(captureId: string, index: number): Promise<Blob | undefined> {
  const db = await openDb();
  return req(db.transaction('tiles').objectStore('tiles').get(tileKey(captureId, index)));
}

export async function putCapture(record: CaptureRecord): Promise<void> {
  const db = await openDb();
  const tx = db.transaction('captures', 'readwrite');
  tx.objectStore('captures').put(record);
  await done(tx);
}

export async function getCapture(id: string): Promise<CaptureRecord | undefined> {
  const db = await openDb();
  const got = await req<(CaptureRecord & { scale?: number }) | undefined>(db.transaction('captures').objectStore('captures').get(id));
  // Captures stored before the field was renamed call it `scale`.
  if (got && got.dpr === undefined && got.scale !== undefined) return { ...got, dpr: got.scale };
  return got;
}

/** Newest first. */
export async function listCaptures(): Promise<CaptureSummary[]> {
  const db = await openDb();
  const all: CaptureRecord[] = await req(db.transaction('captures').objectStore('captures').getAll());
  return all
    .sort((a, b) => b.createdAt - a.createdAt)
    .map(({ id, url, title, createdAt, width, height, parts, edits, thumbnail }) => ({ id, url, title, createdAt, width, height, parts, edits, thumbnail }));
}

/** Removes a capture, its frames and what the editor remembers of saving it (pruned ones too). */
export async function deleteCapture(id: string): Promise<void> {
  const db = await openDb();
  const tx = db.transaction(['captures', 'tiles'], 'readwrite');
  tx.objectStore('captures').delete(id);
  // Keys are "<id>:<n>"; a range over the id prefix also removes tiles of a capture that never finished.
  tx.objectStore('tiles').delete(IDBKeyRange.bound(`${id}:`, `${id}:\uffff`));
  await Promise.all([done(tx), forgetSaved(id)]);
}

export async function pruneCaptures(keep = MAX_KEPT_CAPTURES): Promise<void> {
  const list = await listCaptures();
  for (const old of list.slice(keep)) await deleteCapture(old.id);
}

export function newCaptureId(): string {
  return `${Date.now().toString(36)}-${crypto.getRandomValues(new Uint32Array(1))[0].toString(36)}`;
}
