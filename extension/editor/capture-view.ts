/**
 * Showing a capture: reads it from IndexedDB, stitches the current image (or keeps what the live
 * stream drew), shows it at fit or 100%, pages through split images, saves the thumbnail, and
 * redraws and stores it after edits. Also the site links and delete.
 */
import { PRODUCT_NAME } from '#shared/domain/product-name';
import { SPLIT_WARNING_THRESHOLD } from '../capture/split-planner';
import { siteLink } from '../lib/build-config';
import { deleteCapture, getCapture, getTile, putCapture, shownSize } from '../lib/capture-store';
import { EditHistory } from '../lib/edit-ops';
import { NOTICES } from './notices';
import { offerAllSites } from './all-sites-ask';
import { $, act, display, editor, say, screenCanvas, setState, showMessage, stage, view } from './editor-state';
import { renderRecent } from './recent-captures';
import { prepareSave } from './save-to-library';
import { composePart, drawTiles, renderEdits } from '../lib/render';
import { liveRepair, type Draw } from '../lib/live-repair';
import { canvasToBlob } from './encode';
import { drawSelection, updateHistoryButtons } from './selection-tools';

/** Links to the site; once a capture is open they bring the user back to it. */
export function setupLinks(captureId?: string): void {
  $<HTMLAnchorElement>('link-account').href = siteLink('/account', captureId);
  $<HTMLAnchorElement>('link-premium').href = siteLink('/premium', captureId);
  $<HTMLAnchorElement>('link-checkout').href = siteLink('/checkout', captureId);
}

/** `liveDrawing`: the live stream's drawing (see streamLive), awaited while the record is read. */
export async function loadCapture(id: string, liveDrawing: Promise<Draw[] | null> | false = false): Promise<void> {
  const [stored, liveDraws] = await Promise.all([getCapture(id), liveDrawing]);
  const record = (editor.record = stored ?? null);
  if (!record) {
    showMessage('This capture was deleted or is no longer available.');
    setState('missing');
    return;
  }
  setupLinks(record.id);
  // The list may have been drawn before the record was read: mark this capture as the current one.
  void renderRecent();
  $('capture').hidden = false;
  $('capture-title').textContent = record.title || record.url;
  document.title = `${record.title || 'Capture'} – ${PRODUCT_NAME}`;
  showMeta();
  const notes: string[] = [];
  const n = record.parts.length;
  if (n > 1) {
    notes.push(`This page is too large for one image, so it was split into ${n} images.`);
    if (n >= SPLIT_WARNING_THRESHOLD) notes.push('Warning: 10 or more split images may fail to open or export.');
    $('part-nav').hidden = false;
    // Download PNG saves the image on screen; this one saves every part.
    $('download-png-all').hidden = false;
    $('download-png-all').textContent = `Download all ${n} images (PNG)`;
  }
  if (record.truncated) notes.push('The page is very long: only its first part was captured.');
  if (record.notice) notes.push(NOTICES[record.notice]);
  if (notes.length) {
    $('split-note').textContent = notes.join(' ');
    $('split-note').hidden = false;
  }
  void offerAllSites(record);
  // Live stitching covered the first image unless it was split differently or has saved edits.
  const first = record.parts[0];
  const reuse = !!liveDraws && !record.edits?.[0]?.length && view.width === first.width && view.height === first.height;
  await showPart(0, reuse ? liveDraws : null);
}

/** URL, date and size: the whole capture's when split, else the image's as edited (crop, undo). */
function showMeta(): void {
  const { record } = editor;
  if (!record) return;
  const size = record.parts.length > 1 ? record : shownSize(record);
  $('capture-meta').textContent = `${record.url} · ${new Date(record.createdAt).toLocaleString()} · ${size.width}×${size.height} px`;
}

/** `liveDraws`: part 0 is on the canvas already, stitched live with these draws (see liveRepair). */
async function showPart(i: number, liveDraws: Draw[] | null = null): Promise<void> {
  const { record } = editor;
  if (!record) return;
  editor.partIndex = i;
  setState('loading');
  say(record.parts.length > 1 ? `Loading image ${i + 1} of ${record.parts.length}…` : 'Loading image…');
  $('part-label').textContent = `Image ${i + 1} of ${record.parts.length}`;
  $<HTMLButtonElement>('part-prev').disabled = i === 0;
  $<HTMLButtonElement>('part-next').disabled = i === record.parts.length - 1;
  const id = record.id;
  const t0 = performance.now();
  editor.history = new EditHistory(record.edits?.[i] ?? []);
  editor.base = null;
  if (!liveDraws) display.drop(); // stitched again below: what the live stream showed is not needed
  if (liveDraws) {
    await repairLive(liveDraws, record.parts[i].draws, (t) => getTile(id, t));
    showRendered();
  } else if (editor.history.canUndo) {
    editor.base = await composePart(record.parts[i], (t) => getTile(id, t), new OffscreenCanvas(1, 1));
    rerender();
  } else {
    await composePart(record.parts[i], (t) => getTile(id, t), view);
    showRendered();
  }
  document.body.dataset.composeMs = String(Math.round(performance.now() - t0));
  say('');
  setState('ready');
  await display.whenCopied(); // the thumbnail and the save read the canvas
  if (i === 0 && !record.thumbnail) void saveThumbnail();
  prepareSave();
}

/** Makes the live-stitched canvas what the final plan draws (usually nothing, or the last cells). */
async function repairLive(live: Draw[], final: Draw[], tile: (t: number) => Promise<Blob | undefined>): Promise<void> {
  const { clear, redraw } = liveRepair(live, final);
  if (!clear.length && !redraw.length) return;
  display.copyNow();
  const ctx = view.getContext('2d')!;
  ctx.fillStyle = '#ffffff';
  for (const r of clear) ctx.fillRect(r.x, r.y, r.width, r.height);
  await drawTiles(ctx, redraw, tile);
}

async function saveThumbnail(): Promise<void> {
  const { record } = editor;
  if (!record) return;
  const src = editor.base ?? view;
  const w = 240;
  const h = Math.min(Math.round((src.height * w) / src.width), 400);
  const thumb = new OffscreenCanvas(w, Math.max(1, h));
  thumb.getContext('2d')!.drawImage(src, 0, 0, src.width, (h * src.width) / w, 0, 0, w, h);
  record.thumbnail = await canvasToBlob(thumb, 'image/jpeg', 0.7);
  await putCapture(record);
  void renderRecent();
}

function rerender(): void {
  if (!editor.base) return;
  renderEdits(editor.base, editor.history.current, view);
  showRendered();
}

function showRendered(): void {
  screenCanvas.setAttribute('aria-label', `Captured image, ${view.width} by ${view.height} pixels`);
  display.show();
  applyZoom();
  updateHistoryButtons();
}

function applyZoom(): void {
  stage.classList.toggle('fit', editor.zoom === 'fit');
  // 100% shows one image pixel per device pixel of this screen.
  display.zoom = editor.zoom;
  display.layout();
  $('zoom-fit').setAttribute('aria-pressed', String(editor.zoom === 'fit'));
  $('zoom-100').setAttribute('aria-pressed', String(editor.zoom === '100'));
  drawSelection();
}

/** After an edit, undo or redo: redraw, store the edits with the capture, update sizes shown. */
export async function afterHistoryChange(): Promise<void> {
  const { record } = editor;
  if (!record) return;
  rerender();
  record.edits = { ...(record.edits ?? {}), [editor.partIndex]: [...editor.history.current] };
  await putCapture(record);
  // A crop changes the size shown here and in the recent list.
  showMeta();
  void renderRecent();
  prepareSave();
}

/** Fit / 100%, the previous and next split image, and delete. */
export function setupViewControls(): void {
  $('zoom-fit').addEventListener('click', () => {
    editor.zoom = 'fit';
    applyZoom();
  });
  $('zoom-100').addEventListener('click', () => {
    editor.zoom = '100';
    applyZoom();
  });
  $('part-prev').addEventListener('click', () => void act('Opening image', () => showPart(editor.partIndex - 1)));
  $('part-next').addEventListener('click', () => void act('Opening image', () => showPart(editor.partIndex + 1)));
  const del = $<HTMLButtonElement>('delete');
  del.addEventListener('click', () => {
    const { record } = editor;
    if (!record) return;
    // Two steps instead of a confirm() dialog: the second click deletes.
    if (del.dataset.confirm !== 'yes') {
      del.dataset.confirm = 'yes';
      del.textContent = 'Click again to delete';
      return;
    }
    void act('Deleting', async () => {
      await deleteCapture(record.id);
      location.replace('editor.html?deleted=1');
    });
  });
  del.addEventListener('blur', () => {
    del.dataset.confirm = '';
    del.textContent = 'Delete';
  });
}
