/**
 * "Save to library": uploads what the editor shows (every part, edits included) to the user's
 * library on the site, with the upload grant the site handed over (docs/security.md). Progress,
 * then "Saved" with "Open in library"; a second click with unchanged bytes uploads nothing. Without
 * a valid grant the button goes to the site's sign-in, which brings the user back to this capture.
 */
import { libraryLink, siteLink } from '../lib/build-config';
import { captureLink, captureTitle } from '#shared/rules/capture-title';
import { SaveCallError, saveImage } from '../lib/library-upload';
import { dropUploadGrant, readLogin, signedOutOnSite, uploadGrantOf } from '../lib/login-state';
import { SAVE_MESSAGES, saveFailureOf, type SaveFailure } from '../lib/save-failure';
import { alreadySaved, editsKey, hashBytes, readSaved, writeSaved } from '../lib/saved-captures';
import { $, editor } from './editor-state';
import { allParts } from './exports';
import { libraryStrips } from '../lib/render';
import { canvasToBlob } from './encode';
import { libraryThumbnail } from './library-thumbnail';
import { SIGN_IN_FOR_SAVE, SIGN_IN_PURPOSE_PARAM } from '#shared/rules/sign-in-purpose';

/** Share of the bar for preparing (render, encode, hash) before any byte is sent. */
const PREPARE_SHARE = 10;

let saving = false;
let lastFailure: SaveFailure | null = null;

function show(part: 'working' | 'done' | 'failed'): void {
  $('save-panel').hidden = false;
  $('save-working').hidden = part !== 'working';
  $('save-done').hidden = part !== 'done';
  $('save-failed').hidden = part !== 'failed';
}

/** The bar moves smoothly; the live region speaks in 10% steps only, so a screen reader is not flooded. */
let spoken = -1;
function progress(percent: number, label = 'Saving to library'): void {
  const p = Math.max(0, Math.min(100, Math.round(percent)));
  $<HTMLProgressElement>('save-progress').value = p;
  $('save-percent').textContent = `${p}%`;
  const step = Math.floor(p / 10) * 10;
  if (step !== spoken) {
    spoken = step;
    $('save-live').textContent = `${label}… ${p}%`;
  }
}

/** The site's sign-in, coming back to this capture in the editor (its `next`); it says the capture waits. */
function goSignIn(captureId: string): void {
  const url = new URL(siteLink('/auth/signin', captureId));
  url.searchParams.set(SIGN_IN_PURPOSE_PARAM, SIGN_IN_FOR_SAVE);
  location.assign(url.toString());
}

function fail(failure: SaveFailure): void {
  lastFailure = failure;
  $('save-error').textContent = failure.message;
  $('save-retry').textContent = failure.action === 'signIn' ? 'Sign in again' : 'Retry';
  $('save-live').textContent = '';
  show('failed');
}

interface Prepared { blobs: Blob[]; thumbs: (Blob | null)[]; hashes: string[] }
/** The encoded pieces of what the editor shows, for one capture and set of edits (`key`). */
let preparing: { key: string; done: Promise<Prepared> } | null = null;

const editKey = (): string => `${editor.record?.id}|${JSON.stringify(editor.record?.edits ?? {})}`;

async function encodePieces(): Promise<Prepared> {
  const blobs: Blob[] = [];
  const thumbs: (Blob | null)[] = [];
  // Every part as shown, a part over the library's pixel limit cut into strips; each with the
  // library's thumbnail, made while the bitmap is at hand (the server need not decode it then).
  for await (const part of allParts()) {
    for (const piece of libraryStrips(part)) {
      const [png, thumb] = await Promise.all([canvasToBlob(piece, 'image/png'), libraryThumbnail(piece).catch(() => null)]);
      blobs.push(png);
      thumbs.push(thumb);
    }
  }
  return { blobs, thumbs, hashes: await Promise.all(blobs.map(hashBytes)) };
}

/** The pieces for `key`: the ones being (or already) encoded for it, else a new encoding. */
function piecesFor(key: string): Promise<Prepared> {
  if (preparing?.key === key) return preparing.done;
  const done = encodePieces();
  const mine = { key, done };
  preparing = mine;
  done.catch(() => {
    if (preparing === mine) preparing = null;
  });
  return done;
}

/**
 * Called when a capture is shown or edited: encodes the PNG ahead, in the encoder worker, so that
 * "Save to library" starts uploading at once (the encoding of a 40-viewport DPR 2 capture takes
 * most of a second). Single-image captures only: a split capture would stitch every part again.
 */
export function prepareSave(): void {
  const { record } = editor;
  preparing = null;
  if (!record || record.parts.length !== 1) return;
  const key = editKey();
  // After the thumbnail and the record are saved, which also want the CPU.
  setTimeout(() => {
    if (!saving && editKey() === key) piecesFor(key).catch(() => {});
  }, 500);
}

async function save(): Promise<void> {
  const { record } = editor;
  if (!record || saving || editor.busy) return;
  const stored = await readLogin();
  const grant = uploadGrantOf(stored);
  // Signed out on the site: say so and keep the capture on screen; never signed in: straight to sign-in.
  if (!stored && (await signedOutOnSite())) return fail({ kind: 'signed_out', message: SAVE_MESSAGES.signedOut, action: 'signIn' });
  if (!stored || !grant) return goSignIn(record.id);

  saving = editor.busy = true;
  const button = $<HTMLButtonElement>('save-library');
  button.disabled = true;
  spoken = -1;
  show('working');
  progress(0, 'Preparing the image');
  performance.mark('save:start');
  try {
    const { blobs, thumbs, hashes } = await piecesFor(editKey());
    const count = blobs.length;
    performance.mark('save:prepared');
    progress(PREPARE_SHARE);
    const userId = stored.login.userId;
    const ids = alreadySaved(await readSaved(record.id), userId, hashes);
    const todo = blobs.map((b, i) => (ids[i] ? 0 : b.size));
    const total = todo.reduce((a, b) => a + b, 0);
    let sent = 0;
    for (let i = 0; i < count; i++) {
      if (ids[i]) continue;
      ids[i] = await saveImage(grant, {
        bytes: blobs[i],
        thumbnail: thumbs[i],
        title: captureTitle(record, i, count),
        urlLink: captureLink(record.url),
        ...(count > 1 ? { part: { set: record.id, index: i + 1, count } } : {}),
      }, (s) => progress(PREPARE_SHARE + ((100 - PREPARE_SHARE) * (sent + s)) / Math.max(1, total)));
      sent += todo[i];
      // Saved part by part: a retry after a failure uploads only what is missing.
      await writeSaved(record.id, {
        userId, savedAt: Date.now(), edits: editsKey(record.edits), parts: ids.map((id, j) => (id ? { hash: hashes[j], imageId: id } : null)),
      });
    }
    progress(100);
    $('save-done-detail').textContent = count > 1 ? `(${count} images, in order)` : '';
    $<HTMLAnchorElement>('save-open').href = libraryLink(ids[0]!);
    $('save-live').textContent = total === 0 ? 'Saved (already in your library).' : 'Saved.';
    lastFailure = null;
    show('done');
  } catch (e) {
    if (e instanceof SaveCallError) {
      if (e.call.status === 401) await dropUploadGrant();
      fail(saveFailureOf(e.call));
    } else {
      fail({ kind: 'server', message: `The capture could not be prepared: ${e instanceof Error ? e.message : String(e)}`, action: 'retry' });
    }
  } finally {
    saving = editor.busy = false;
    button.disabled = false;
  }
}

export function setupSaveToLibrary(): void {
  $('save-library').addEventListener('click', () => void save());
  $('save-retry').addEventListener('click', () => {
    const { record } = editor;
    if (lastFailure?.action === 'signIn' && record) goSignIn(record.id);
    else void save();
  });
}
