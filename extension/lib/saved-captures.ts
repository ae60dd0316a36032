/**
 * What the editor saved to the library, per capture (chrome.storage.local): the account, and for
 * each part the hash of the bytes sent and the image made from them. A second "Save to library"
 * with the same bytes uploads nothing; a changed part (an edit) is uploaded as a new image.
 */

interface SavedPart { hash: string; imageId: string }
export interface SavedCapture {
  userId: string;
  parts: (SavedPart | null)[];
  savedAt: number;
  /** The capture's edits when it was saved (`editsKey`): later edits make different images. */
  edits?: string;
}

/** The edits of a capture as one comparable string. */
export const editsKey = (edits: unknown): string => JSON.stringify(edits ?? {});

const key = (captureId: string) => `saved:${captureId}`;

export async function readSaved(captureId: string): Promise<SavedCapture | null> {
  const got = await chrome.storage.local.get(key(captureId));
  return (got[key(captureId)] as SavedCapture | undefined) ?? null;
}

export async function writeSaved(captureId: string, saved: SavedCapture): Promise<void> {
  await chrome.storage.local.set({ [key(captureId)]: saved });
}

export async function forgetSaved(captureId: string): Promise<void> {
  await chrome.storage.local.remove(key(captureId));
}

/**
 * For each part (by index): the image already holding these exact bytes for this account, or
 * null when the part must be uploaded. A different account, or a different number of parts,
 * uploads everything again.
 */
export function alreadySaved(prev: SavedCapture | null, userId: string, hashes: readonly string[]): (string | null)[] {
  const usable = prev && prev.userId === userId && prev.parts.length === hashes.length ? prev : null;
  return hashes.map((h, i) => (usable?.parts[i]?.hash === h ? usable.parts[i]!.imageId : null));
}

/**
 * The account whose library holds this capture as it is now: every part saved, with the edits it
 * has now. Add from extension marks such captures and skips them unless asked.
 */
export function savedWhole(saved: SavedCapture | null, edits: unknown): string | undefined {
  if (!saved || saved.edits === undefined || saved.edits !== editsKey(edits)) return undefined;
  return saved.parts.length > 0 && saved.parts.every((p) => p !== null) ? saved.userId : undefined;
}

/** SHA-256 of the bytes, hex. */
export async function hashBytes(bytes: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await bytes.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
