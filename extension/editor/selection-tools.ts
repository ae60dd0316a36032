/**
 * The Premium tools: the selected region (typed in or dragged on the image), crop, blur,
 * highlight, text and stamp, undo and redo (buttons and Ctrl+Z / Ctrl+Y), and the entitlement
 * that enables them.
 */
import { clampBox, type Box, type EditOp } from '../lib/edit-ops';
import { isPremium, readLogin } from '../lib/login-state';
import { $, act, display, editor, screenCanvas, sizer, view } from './editor-state';

const SELECTION_FIELDS = ['sel-x', 'sel-y', 'sel-w', 'sel-h'];

/** Redraws, stores and shows the capture after its edit history changed (set by `setupTools`). */
let afterHistoryChange: () => Promise<void> = async () => undefined;

export async function refreshPremium(): Promise<void> {
  editor.premium = isPremium(await readLogin());
  $<HTMLFieldSetElement>('tools-fieldset').disabled = !editor.premium;
  $<HTMLInputElement>('pdf-smart').disabled = !editor.premium;
  if (!editor.premium) $<HTMLInputElement>('pdf-smart').checked = false;
  $('upsell').hidden = editor.premium;
  document.body.dataset.premium = editor.premium ? 'yes' : 'no';
  updateHistoryButtons();
}

export function updateHistoryButtons(): void {
  $<HTMLButtonElement>('undo').disabled = !editor.premium || !editor.history.canUndo;
  $<HTMLButtonElement>('redo').disabled = !editor.premium || !editor.history.canRedo;
}

async function commit(op: EditOp): Promise<void> {
  if (!editor.premium || !editor.record) return;
  if (!editor.base) {
    // First edit: keep the unedited image to redraw from.
    display.copyNow();
    editor.base = new OffscreenCanvas(view.width, view.height);
    editor.base.getContext('2d')!.drawImage(view, 0, 0);
  }
  editor.history.push(op);
  await afterHistoryChange();
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
  for (const id of SELECTION_FIELDS) $<HTMLInputElement>(id).value = '';
  $('selection').hidden = true;
}

export function drawSelection(): void {
  const sel = $('selection');
  const b = editor.premium ? selectionBox() : null;
  if (!b || !sizer.clientWidth) {
    sel.hidden = true;
    return;
  }
  const ratio = 1 / display.zoomFactor;
  sel.hidden = false;
  sel.style.left = `${sizer.offsetLeft + b.x * ratio}px`;
  sel.style.top = `${sizer.offsetTop + b.y * ratio}px`;
  sel.style.width = `${b.width * ratio}px`;
  sel.style.height = `${b.height * ratio}px`;
}

export function setupSelectionDrag(): void {
  let start: { x: number; y: number } | null = null;
  // The sizer has the displayed image's box; #screen, drawn over it, receives the pointer.
  const toImage = (e: PointerEvent) => {
    const r = sizer.getBoundingClientRect();
    const ratio = view.width / r.width;
    return { x: (e.clientX - r.left) * ratio, y: (e.clientY - r.top) * ratio };
  };
  screenCanvas.addEventListener('pointerdown', (e) => {
    if (!editor.premium) return;
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
  for (const id of SELECTION_FIELDS) $(id).addEventListener('input', drawSelection);
}

function needSelection(): Box {
  const b = selectionBox();
  if (!b) throw new Error('Choose a region inside the image first.');
  return b;
}

/** The tool buttons and undo/redo; `onHistoryChange` redraws and stores the capture after each. */
export function setupTools(onHistoryChange: () => Promise<void>): void {
  afterHistoryChange = onHistoryChange;
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
      const { record } = editor;
      if (!record) return;
      await commit({ kind: 'stamp', url: record.url, date: new Date(record.createdAt).toLocaleString() });
    }),
  );
  $('undo').addEventListener('click', () => void act('Undo', async () => {
    editor.history.undo();
    await afterHistoryChange();
  }));
  $('redo').addEventListener('click', () => void act('Redo', async () => {
    editor.history.redo();
    await afterHistoryChange();
  }));
  document.addEventListener('keydown', (e) => {
    const inField = e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement;
    if (inField || !editor.premium || !(e.ctrlKey || e.metaKey)) return;
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey && editor.history.canUndo) {
      e.preventDefault();
      $('undo').click();
    } else if ((key === 'y' || (key === 'z' && e.shiftKey)) && editor.history.canRedo) {
      e.preventDefault();
      $('redo').click();
    }
  });
}
