/** PNG, JPG and PDF downloads and copy to the clipboard, named after the page and the capture time. */
import { readSettings } from '../lib/settings';
import { $, act, editor, view } from './editor-state';
import type { PdfPageSize } from './pdf-export';
import { renderPart, type AnyCanvas } from '../lib/render';
import { canvasToBlob } from './encode';

function partSuffix(index = editor.partIndex): string {
  const { record } = editor;
  return record && record.parts.length > 1 ? `-part-${index + 1}-of-${record.parts.length}` : '';
}

function fileName(ext: string, whole = false, index?: number): string {
  const { record } = editor;
  const host = record ? safeHost(record.url) : 'page';
  const d = new Date(record?.createdAt ?? Date.now());
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
  return `screenshot-${host}-${stamp}${whole ? '' : partSuffix(index)}.${ext}`;
}

function safeHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/[^a-z0-9.-]/gi, '_') || 'page';
  } catch {
    return 'page';
  }
}

/**
 * Between the files of "Download all": Chrome silently dropped the 11th of 11 link downloads made
 * back to back (every run on a quiet machine); 300 ms apart, all 11 came.
 */
const DOWNLOAD_SPACING_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
export async function* allParts(): AsyncGenerator<AnyCanvas> {
  const { record } = editor;
  if (!record) return;
  for (let i = 0; i < record.parts.length; i++) {
    if (i === editor.partIndex) {
      yield view;
      continue;
    }
    yield await renderPart(record, i);
  }
}

export function setupExports(): void {
  $('download-png').addEventListener('click', () =>
    void act('Preparing PNG', async () => {
      await download(await canvasToBlob(view, 'image/png'), fileName('png'));
      return 'PNG downloaded.';
    }),
  );
  $('download-png-all').addEventListener('click', () =>
    void act('Preparing the PNG files', async () => {
      let i = 0;
      for await (const part of allParts()) {
        if (i > 0) await sleep(DOWNLOAD_SPACING_MS);
        await download(await canvasToBlob(part, 'image/png'), fileName('png', false, i++));
      }
      return `${i} PNG files downloaded.`;
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
      const { record } = editor;
      if (!record) return;
      const pageSize = $<HTMLSelectElement>('pdf-size').value as PdfPageSize;
      const smart = editor.premium && $<HTMLInputElement>('pdf-smart').checked;
      // pdf-lib is most of the editor's code: loaded when a PDF is asked for, not with every capture.
      const { buildPdf } = await import('./pdf-export');
      const bytes = await buildPdf(allParts(), { pageSize, smart, dpr: record.dpr }, record.title || record.url);
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
}
