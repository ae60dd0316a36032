/**
 * The editor page, opened after each capture: shows the image at fit or 100%, exports it as PNG,
 * JPG or PDF, copies or deletes it, lists recent captures, and offers the Premium tools when the
 * website's login message says the user is Premium.
 */
import { PRODUCT_NAME } from '#shared/domain/product-name';
import { LIVE_PORT_PREFIX, STORAGE_KEYS, type LiveMessage } from '#shared/extension/messages';
import { SPLIT_WARNING_THRESHOLD } from '../capture/split-planner';
import { RESTRICTED_MESSAGES, type RestrictedReason } from '../capture/url-policy';
import { siteLink } from '../lib/build-config';
import { deleteCapture, getCapture, getTile, listCaptures, putCapture, shownSize, type CaptureRecord } from '../lib/capture-store';
import { isPremium, readLogin } from '../lib/login-state';
import { readSettings } from '../lib/settings';
import { clampBox, EditHistory, type Box, type EditOp } from '../lib/edit-ops';
import { buildPdf, type PdfPageSize } from './pdf-export';
import { canvasToBlob, composePart, renderEdits, type AnyCanvas } from './render';
import { ScreenView } from './screen-view';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** The full-size image: stitched, edited and exported here, shown through `display`. */
const view = $<HTMLCanvasElement>('view');
const stage = $('stage');
const sizer = $('sizer');
const screenCanvas = $<HTMLCanvasElement>('screen');
const display = new ScreenView(stage, sizer, screenCanvas, view);
const statusEl = $('status');

let record: CaptureRecord | null = null;
let partIndex = 0;
/** The unedited part, kept only once there are edits to redraw over it (it doubles memory). */
let base: OffscreenCanvas | null = null;
let history = new EditHistory();
let premium = false;
let busy = false;

function setState(state: string): void {
  document.body.dataset.state = state;
}

function say(text: string): void {
  statusEl.textContent = text;
}

function showMessage(text: string): void {
  const box = $('message');
  box.textContent = text;
  box.hidden = false;
}

/** Runs a button action, with status text and errors shown instead of thrown. */
async function act(label: string, fn: () => Promise<string | void>): Promise<void> {
  if (busy) return;
  busy = true;
  say(`${label}…`);
  try {
    const done = await fn();
    say(done ?? `${label}: done.`);
  } catch (err) {
    say(`${label} failed: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    busy = false;
  }
}

// ---------- links and entitlement ----------

/** Links to the site; once a capture is open they bring the user back to it. */
function setupLinks(captureId?: string): void {
  $<HTMLAnchorElement>('link-account').href = siteLink('/account', captureId);
  $<HTMLAnchorElement>('link-premium').href = siteLink('/premium', captureId);
  $<HTMLAnchorElement>('link-checkout').href = siteLink('/checkout', captureId);
}

async function refreshPremium(): Promise<void> {
  premium = isPremium(await readLogin());
  $<HTMLFieldSetElement>('tools-fieldset').disabled = !premium;
  $<HTMLInputElement>('pdf-smart').disabled = !premium;
  if (!premium) $<HTMLInputElement>('pdf-smart').checked = false;
  $('upsell').hidden = premium;
  document.body.dataset.premium = premium ? 'yes' : 'no';
  updateHistoryButtons();
}

// ---------- recent captures ----------

async function renderRecent(): Promise<void> {
  const items = await listCaptures();
  // Cleared only after the read, so overlapping redraws (after edits) never add items twice.
  const list = $('recent-list');
  list.querySelectorAll('img').forEach((img) => URL.revokeObjectURL(img.src));
  list.replaceChildren();
  if (!items.length) {
    const li = document.createElement('li');
    li.textContent = 'No captures yet. Press Alt+Shift+P on any page.';
    list.append(li);
    return;
  }
  for (const c of items) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `editor.html?id=${encodeURIComponent(c.id)}`;
    if (c.id === record?.id) a.setAttribute('aria-current', 'page');
    if (c.thumbnail) {
      const img = document.createElement('img');
      img.src = URL.createObjectURL(c.thumbnail);
      img.alt = '';
      a.append(img);
    }
    const title = document.createElement('span');
    title.className = 'title';
    title.textContent = c.title || c.url;
    const date = document.createElement('span');
    date.className = 'date';
    const size = shownSize(c);
    date.textContent = `${new Date(c.createdAt).toLocaleString()} · ${c.parts.length > 1 ? `${c.parts.length} images` : `${size.width}×${size.height}`}`;
    a.append(title, date);
    li.append(a);
    list.append(li);
  }
}

// ---------- showing a capture ----------

function partSuffix(): string {
  return record && record.parts.length > 1 ? `-part-${partIndex + 1}-of-${record.parts.length}` : '';
}

function fileName(ext: string, whole = false): string {
  const host = record ? safeHost(record.url) : 'page';
  const d = new Date(record?.createdAt ?? Date.now());
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
  return `screenshot-${host}-${stamp}${whole ? '' : partSuffix()}.${ext}`;
}

function safeHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/[^a-z0-9.-]/gi, '_') || 'page';
  } catch {
    return 'page';
  }
}

/**
 * Live mode: this tab was opened in the background when the capture started. Frames arrive over
 * a Port as they are taken and are stitched into the first image right away.
 */
async function startLive(id: string): Promise<void> {
  setState('capturing');
  say('Capturing the page…');
  let drawnTiles = 0;
  let valid = true;
  let chain: Promise<void> = Promise.resolve();
  const drawFrame = async (m: Extract<LiveMessage, { type: 'frame' }>) => {
    const part0 = m.parts[0];
    if (view.width !== part0.width || view.height !== part0.height || drawnTiles === 0) {
      // A size change after the first frame means earlier frames were lost: stitch again at the end.
      if (drawnTiles > 0) valid = false;
      view.width = part0.width;
      view.height = part0.height;
      const ctx = view.getContext('2d')!;
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, view.width, view.height);
    }
    const draws = m.draws.filter((d) => d.part === 0);
    if (draws.length) {
      const bitmap = await createImageBitmap(await (await fetch(m.dataUrl)).blob());
      const ctx = view.getContext('2d')!;
      for (const d of draws) ctx.drawImage(bitmap, d.sx, d.sy, d.sw, d.sh, d.dx, d.dy, d.sw, d.sh);
      bitmap.close();
    }
    drawnTiles += 1;
    say(`Capturing the page… ${m.tile + 1} of ${m.total}`);
  };
  await new Promise<void>((resolve, reject) => {
    const port = chrome.runtime.connect({ name: `${LIVE_PORT_PREFIX}${id}` });
    port.onMessage.addListener((m: LiveMessage) => {
      if (m.type === 'frame') chain = chain.then(() => drawFrame(m));
      else if (m.type === 'done') {
        port.disconnect();
        chain.then(resolve, reject);
      }
    });
    port.onDisconnect.addListener(() => reject(new Error('The capture stopped unexpectedly.')));
  });
  await loadCapture(id, valid && drawnTiles > 0);
}

async function loadCapture(id: string, liveComposed = false): Promise<void> {
  record = (await getCapture(id)) ?? null;
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
  }
  if (record.truncated) notes.push('The page is very long: only its first part was captured.');
  if (record.notice === 'iframe-permission') {
    notes.push('This page scrolls inside a frame from another site, so only what was on screen was captured. Turn on iFrame access on the options page to capture all of it.');
  }
  if (notes.length) {
    $('split-note').textContent = notes.join(' ');
    $('split-note').hidden = false;
  }
  // Live stitching covered the first image unless it was split differently or has saved edits.
  const first = record.parts[0];
  const reuse = liveComposed && !record.edits?.[0]?.length && view.width === first.width && view.height === first.height;
  await showPart(0, reuse);
}

/** URL, date and size: the whole capture's when split, else the image's as edited (crop, undo). */
function showMeta(): void {
  if (!record) return;
  const size = record.parts.length > 1 ? record : shownSize(record);
  $('capture-meta').textContent = `${record.url} · ${new Date(record.createdAt).toLocaleString()} · ${size.width}×${size.height} px`;
}

async function showPart(i: number, alreadyComposed = false): Promise<void> {
  if (!record) return;
  partIndex = i;
  setState('loading');
  say(record.parts.length > 1 ? `Loading image ${i + 1} of ${record.parts.length}…` : 'Loading image…');
  $('part-label').textContent = `Image ${i + 1} of ${record.parts.length}`;
  $<HTMLButtonElement>('part-prev').disabled = i === 0;
  $<HTMLButtonElement>('part-next').disabled = i === record.parts.length - 1;
  const id = record.id;
  const t0 = performance.now();
  history = new EditHistory(record.edits?.[i] ?? []);
  base = null;
  if (alreadyComposed) {
    showRendered();
  } else if (history.canUndo) {
    base = await composePart(record.parts[i], (t) => getTile(id, t), new OffscreenCanvas(1, 1));
    rerender();
  } else {
    await composePart(record.parts[i], (t) => getTile(id, t), view);
    showRendered();
  }
  document.body.dataset.composeMs = String(Math.round(performance.now() - t0));
  say('');
  setState('ready');
  if (i === 0 && !record.thumbnail) void saveThumbnail();
}

async function saveThumbnail(): Promise<void> {
  if (!record) return;
  const src = base ?? view;
  const w = 240;
  const h = Math.min(Math.round((src.height * w) / src.width), 400);
  const thumb = new OffscreenCanvas(w, Math.max(1, h));
  thumb.getContext('2d')!.drawImage(src, 0, 0, src.width, (h * src.width) / w, 0, 0, w, h);
  record.thumbnail = await canvasToBlob(thumb, 'image/jpeg', 0.7);
  await putCapture(record);
  void renderRecent();
}

function rerender(): void {
  if (!base) return;
  renderEdits(base, history.current, view);
  showRendered();
}

function showRendered(): void {
  screenCanvas.setAttribute('aria-label', `Captured image, ${view.width} by ${view.height} pixels`);
  display.show();
  applyZoom();
  updateHistoryButtons();
}

function updateHistoryButtons(): void {
  $<HTMLButtonElement>('undo').disabled = !premium || !history.canUndo;
  $<HTMLButtonElement>('redo').disabled = !premium || !history.canRedo;
}

let zoom: 'fit' | '100' = 'fit';
function applyZoom(): void {
  stage.classList.toggle('fit', zoom === 'fit');
  // 100% shows one image pixel per device pixel of this screen.
  display.zoom = zoom;
  display.layout();
  $('zoom-fit').setAttribute('aria-pressed', String(zoom === 'fit'));
  $('zoom-100').setAttribute('aria-pressed', String(zoom === '100'));
  drawSelection();
}

// ---------- edits ----------

async function commit(op: EditOp): Promise<void> {
  if (!premium || !record) return;
  if (!base) {
    // First edit: keep the unedited image to redraw from.
    base = new OffscreenCanvas(view.width, view.height);
    base.getContext('2d')!.drawImage(view, 0, 0);
  }
  history.push(op);
  await afterHistoryChange();
}

async function afterHistoryChange(): Promise<void> {
  if (!record) return;
  rerender();
  record.edits = { ...(record.edits ?? {}), [partIndex]: [...history.current] };
  await putCapture(record);
  // A crop changes the size shown here and in the recent list.
  showMeta();
  void renderRecent();
}

function selectionBox(): Box | null {
  const num = (id: string) => Number($<HTMLInputElement>(id).value);
  return clampBox({ x: num('sel-x'), y: num('sel-y'), width: num('sel-w'), height: num('sel-h') }, view);
}

function setSelection(b: Box): void {
  $<HTMLInputElement>('sel-x').value = String(b.x);
  $<HTMLInputElement>('sel-y').value = String(b.y);
  $<HTMLInputElement>('sel-w').value = String(b.width);
  $<HTMLInputElement>('sel-h').value = String(b.height);
  drawSelection();
}

function clearSelection(): void {
  for (const id of ['sel-x', 'sel-y', 'sel-w', 'sel-h']) $<HTMLInputElement>(id).value = '';
  $('selection').hidden = true;
}

function drawSelection(): void {
  const sel = $('selection');
  const b = premium ? selectionBox() : null;
  if (!b || !sizer.clientWidth) {
    sel.hidden = true;
    return;
  }
  const ratio = 1 / display.scale;
  sel.hidden = false;
  sel.style.left = `${sizer.offsetLeft + b.x * ratio}px`;
  sel.style.top = `${sizer.offsetTop + b.y * ratio}px`;
  sel.style.width = `${b.width * ratio}px`;
  sel.style.height = `${b.height * ratio}px`;
}

function setupSelectionDrag(): void {
  let start: { x: number; y: number } | null = null;
  // The sizer has the displayed image's box; #screen, drawn over it, receives the pointer.
  const toImage = (e: PointerEvent) => {
    const r = sizer.getBoundingClientRect();
    const ratio = view.width / r.width;
    return { x: (e.clientX - r.left) * ratio, y: (e.clientY - r.top) * ratio };
  };
  screenCanvas.addEventListener('pointerdown', (e) => {
    if (!premium) return;
    start = toImage(e);
    screenCanvas.setPointerCapture(e.pointerId);
  });
  screenCanvas.addEventListener('pointermove', (e) => {
    if (!start) return;
    const p = toImage(e);
    const b = clampBox({ x: start.x, y: start.y, width: p.x - start.x, height: p.y - start.y }, view);
    if (b) setSelection(b);
  });
  screenCanvas.addEventListener('pointerup', () => {
    start = null;
  });
  for (const id of ['sel-x', 'sel-y', 'sel-w', 'sel-h']) $(id).addEventListener('input', drawSelection);
}

function needSelection(): Box {
  const b = selectionBox();
  if (!b) throw new Error('Choose a region inside the image first.');
  return b;
}

// ---------- export ----------

async function download(blob: Blob, filename: string): Promise<void> {
  const url = URL.createObjectURL(blob);
  try {
    const settings = await readSettings();
    // "Ask where to save" uses the optional downloads permission; without it a plain link does the job.
    if (settings.saveAs && chrome.downloads && (await chrome.permissions.contains({ permissions: ['downloads'] }))) {
      await chrome.downloads.download({ url, filename, saveAs: true });
      return;
    }
    const a = document.createElement('a');
    a.href = url;
    a.download = filename;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

/** Every part, rendered with its saved edits, one at a time (the current one is already on screen). */
async function* allParts(): AsyncGenerator<AnyCanvas> {
  if (!record) return;
  for (let i = 0; i < record.parts.length; i++) {
    if (i === partIndex) {
      yield view;
      continue;
    }
    const id = record.id;
    const partBase = await composePart(record.parts[i], (t) => getTile(id, t), new OffscreenCanvas(1, 1));
    const out = new OffscreenCanvas(1, 1);
    renderEdits(partBase, record.edits?.[i] ?? [], out);
    yield out;
  }
}

function setupActions(): void {
  $('zoom-fit').addEventListener('click', () => {
    zoom = 'fit';
    applyZoom();
  });
  $('zoom-100').addEventListener('click', () => {
    zoom = '100';
    applyZoom();
  });
  $('part-prev').addEventListener('click', () => void act('Opening image', () => showPart(partIndex - 1)));
  $('part-next').addEventListener('click', () => void act('Opening image', () => showPart(partIndex + 1)));

  $('download-png').addEventListener('click', () =>
    void act('Preparing PNG', async () => {
      await download(await canvasToBlob(view, 'image/png'), fileName('png'));
      return 'PNG downloaded.';
    }),
  );
  $('download-jpg').addEventListener('click', () =>
    void act('Preparing JPG', async () => {
      await download(await canvasToBlob(view, 'image/jpeg', 0.92), fileName('jpg'));
      return 'JPG downloaded.';
    }),
  );
  $('download-pdf').addEventListener('click', () =>
    void act('Preparing PDF', async () => {
      if (!record) return;
      const pageSize = $<HTMLSelectElement>('pdf-size').value as PdfPageSize;
      const smart = premium && $<HTMLInputElement>('pdf-smart').checked;
      const bytes = await buildPdf(allParts(), { pageSize, smart, scale: record.scale }, record.title || record.url);
      await download(new Blob([bytes as BlobPart], { type: 'application/pdf' }), fileName('pdf', true));
      return 'PDF downloaded.';
    }),
  );
  $('copy').addEventListener('click', () =>
    void act('Copying', async () => {
      await navigator.clipboard.write([new ClipboardItem({ 'image/png': canvasToBlob(view, 'image/png') })]);
      return 'Copied to the clipboard.';
    }),
  );
  const del = $<HTMLButtonElement>('delete');
  del.addEventListener('click', () => {
    if (!record) return;
    // Two steps instead of a confirm() dialog: the second click deletes.
    if (del.dataset.confirm !== 'yes') {
      del.dataset.confirm = 'yes';
      del.textContent = 'Click again to delete';
      return;
    }
    void act('Deleting', async () => {
      await deleteCapture(record!.id);
      location.replace('editor.html?deleted=1');
    });
  });
  del.addEventListener('blur', () => {
    del.dataset.confirm = '';
    del.textContent = 'Delete';
  });

  $('tool-crop').addEventListener('click', () =>
    void act('Cropping', async () => {
      await commit({ kind: 'crop', rect: needSelection() });
      // The region is now the whole image: its dashed box has nothing left to mark.
      clearSelection();
    }),
  );
  $('tool-blur').addEventListener('click', () => void act('Blurring', async () => commit({ kind: 'blur', rect: needSelection() })));
  $('tool-highlight').addEventListener('click', () => void act('Highlighting', async () => commit({ kind: 'highlight', rect: needSelection() })));
  $('tool-text').addEventListener('click', () =>
    void act('Adding text', async () => {
      const b = needSelection();
      const text = $<HTMLInputElement>('text-value').value.trim();
      if (!text) throw new Error('Type the text to add first.');
      const size = Math.max(14, Math.round(view.width / 60));
      await commit({ kind: 'text', x: b.x, y: b.y, text, size, color: '#d93025' });
    }),
  );
  $('tool-stamp').addEventListener('click', () =>
    void act('Adding stamp', async () => {
      if (!record) return;
      await commit({ kind: 'stamp', url: record.url, date: new Date(record.createdAt).toLocaleString() });
    }),
  );
  $('undo').addEventListener('click', () => void act('Undo', async () => {
    history.undo();
    await afterHistoryChange();
  }));
  $('redo').addEventListener('click', () => void act('Redo', async () => {
    history.redo();
    await afterHistoryChange();
  }));
  document.addEventListener('keydown', (e) => {
    const inField = e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement;
    if (inField || !premium || !(e.ctrlKey || e.metaKey)) return;
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey && history.canUndo) {
      e.preventDefault();
      $('undo').click();
    } else if ((key === 'y' || (key === 'z' && e.shiftKey)) && history.canRedo) {
      e.preventDefault();
      $('redo').click();
    }
  });
}

// ---------- start ----------

async function main(): Promise<void> {
  setupLinks();
  setupActions();
  setupSelectionDrag();
  await refreshPremium();
  chrome.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && STORAGE_KEYS.login in changes) void refreshPremium().then(drawSelection);
  });
  const params = new URLSearchParams(location.search);
  const restricted = params.get('restricted') as Exclude<RestrictedReason, null> | null;
  const error = params.get('error');
  const id = params.get('id');
  const recent = renderRecent();
  try {
    if (restricted) {
      showMessage(RESTRICTED_MESSAGES[restricted] ?? RESTRICTED_MESSAGES['browser-page']);
      setState('restricted');
    } else if (error) {
      showMessage(`The capture failed: ${error}. Reload the page and try again.`);
      setState('error');
    } else if (id && params.get('live')) {
      await startLive(id);
    } else if (id) {
      await loadCapture(id);
    } else {
      setState(params.get('deleted') ? 'deleted' : 'empty');
      const notice = $('notice');
      notice.textContent = params.get('deleted')
        ? 'The capture was deleted.'
        : 'No capture is open. Press Alt+Shift+P (or click the toolbar button) on any page to capture it.';
      notice.hidden = false;
    }
  } catch (err) {
    showMessage(`This capture could not be opened: ${err instanceof Error ? err.message : String(err)}`);
    setState('error');
  }
  await recent;
}

void main();
