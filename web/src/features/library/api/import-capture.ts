import type { CaptureListing } from '#shared/extension/bridge-protocol';
import { captureLink, captureTitle } from '#shared/rules/capture-title';
import { ApiClientError } from '../../../lib/api-client';
import type { ExtensionBridge } from '../../../lib/extension-bridge';
import type { LibraryImage } from '../library-image';
import { isTooLarge, TOO_LARGE_MESSAGE, uploadImage } from './upload-image';

export interface ImportProgress {
  /** Images stored so far, and in all. */
  done: number;
  total: number;
  label: string;
}

interface ImportOptions {
  signal?: AbortSignal;
  onProgress: (p: ImportProgress) => void;
  onImported: (image: LibraryImage, part: number) => void;
  /** Parts already stored by an earlier attempt: a retry does not add them twice. */
  skipParts?: ReadonlySet<number>;
}

/**
 * One capture from the extension into the library: its parts as PNG files (edits applied) over
 * the bridge, then each uploaded in order like a file from the computer, titled by the one rule
 * the editor's Save to library uses ("Title (1 of 3)", with `part` so the library keeps the set
 * together and in order), with the captured page as source.
 */
export async function importCapture(bridge: Pick<ExtensionBridge, 'getCapture'>, listing: CaptureListing, opts: ImportOptions): Promise<void> {
  const name = listing.title || listing.url;
  opts.onProgress({ done: 0, total: listing.parts, label: `Getting “${name}” from the extension…` });
  const capture = await bridge.getCapture(listing.id);
  const n = capture.parts.length;
  const urlLink = captureLink(capture.url);
  for (let i = 0; i < n; i++) {
    if (opts.skipParts?.has(i)) continue;
    opts.signal?.throwIfAborted();
    const title = captureTitle(capture, i, n);
    opts.onProgress({ done: i, total: n, label: `Adding “${title}”…` });
    const { blob } = capture.parts[i];
    const file = new File([blob], `${listing.id}-${i + 1}.png`, { type: blob.type || 'image/png' });
    if (isTooLarge(file)) throw new ApiClientError(413, 'payload_too_large', TOO_LARGE_MESSAGE);
    const part = n > 1 ? { set: capture.id, index: i + 1, count: n } : undefined;
    opts.onImported(await uploadImage(file, { title, notes: '', urlLink, ...(part ? { part } : {}) }, opts.signal), i);
  }
}
