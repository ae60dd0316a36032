/**
 * What every part of the editor page shares: its elements, the open capture and its edit state,
 * and the status line.
 */
import type { CaptureRecord } from '../lib/capture-store';
import { EditHistory } from '../lib/edit-ops';
import { ScreenView, type Zoom } from './screen-view';

export const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** The full-size image: stitched, edited and exported here, shown through `display`. */
export const view = $<HTMLCanvasElement>('view');
export const stage = $('stage');
export const sizer = $('sizer');
export const screenCanvas = $<HTMLCanvasElement>('screen');
export const display = new ScreenView(stage, sizer, screenCanvas, view);
const statusEl = $('status');

/** The open capture and what is done to it; one object, so every module sees the same values. */
export const editor: {
  record: CaptureRecord | null;
  partIndex: number;
  /** The unedited part, kept only once there are edits to redraw over it (it doubles memory). */
  base: OffscreenCanvas | null;
  history: EditHistory;
  premium: boolean;
  busy: boolean;
  zoom: Zoom;
} = { record: null, partIndex: 0, base: null, history: new EditHistory(), premium: false, busy: false, zoom: 'fit' };

export function setState(state: string): void {
  document.body.dataset.state = state;
}

export function say(text: string): void {
  statusEl.textContent = text;
}

export function showMessage(text: string): void {
  const box = $('message');
  box.textContent = text;
  box.hidden = false;
}

/** Runs a button action, with status text and errors shown instead of thrown. */
export async function act(label: string, fn: () => Promise<string | void>): Promise<void> {
  if (editor.busy) return;
  editor.busy = true;
  say(`${label}…`);
  try {
    await display.whenCopied(); // the canvas holds the image shown
    const done = await fn();
    say(done ?? `${label}: done.`);
  } catch (err) {
    say(`${label} failed: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    editor.busy = false;
  }
}
