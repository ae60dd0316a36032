/** PDF export with pdf-lib: each image cut into pages of the chosen size, plainly or smartly. */
import { PDFDocument } from 'pdf-lib';
import { PRODUCT_NAME } from '#shared/domain/product-name';
import { plainBreaks, smartBreaks } from '../capture/page-breaks';
import type { AnyCanvas } from '../lib/render';
import { canvasToBlob } from './encode';

export type PdfPageSize = 'letter' | 'a4' | 'fit';

/** Page sizes in PDF points (1/72 inch). */
const PAGE_SIZES: Record<Exclude<PdfPageSize, 'fit'>, { width: number; height: number }> = {
  letter: { width: 612, height: 792 },
  a4: { width: 595.28, height: 841.89 },
};

/** PDF viewers refuse pages taller than 200 inches. */
const MAX_PAGE_PT = 14_400;

export interface PdfOptions {
  pageSize: PdfPageSize;
  smart: boolean;
  /** Device pixels per CSS pixel, so "fit" pages come out at the page's real size. */
  dpr: number;
}

/** Page height in image pixels for an image `width` pixels wide. */
function pageHeightPx(width: number, opts: PdfOptions): number {
  if (opts.pageSize === 'fit') return Math.floor((MAX_PAGE_PT / 0.75) * opts.dpr);
  const page = PAGE_SIZES[opts.pageSize];
  return Math.max(1, Math.floor((width * page.height) / page.width));
}

/** Row uniformity of a canvas, read one row at a time and cached: only rows near cuts are read. */
function uniformRowReader(canvas: AnyCanvas): (y: number) => boolean {
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
  const cache = new Map<number, boolean>();
  return (y) => {
    let v = cache.get(y);
    if (v === undefined) {
      const d = ctx.getImageData(0, y, canvas.width, 1).data;
      v = true;
      for (let i = 4; i < d.length; i += 4) {
        if (Math.abs(d[i] - d[0]) > 6 || Math.abs(d[i + 1] - d[1]) > 6 || Math.abs(d[i + 2] - d[2]) > 6) {
          v = false;
          break;
        }
      }
      cache.set(y, v);
    }
    return v;
  };
}

function pageCuts(canvas: AnyCanvas, opts: PdfOptions): number[] {
  const h = pageHeightPx(canvas.width, opts);
  return opts.smart ? smartBreaks(canvas.height, h, uniformRowReader(canvas)) : plainBreaks(canvas.height, h);
}

/** Builds one PDF from the images (one per split part), in order. */
export async function buildPdf(images: AsyncIterable<AnyCanvas> | AnyCanvas[], opts: PdfOptions, title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setCreator(PRODUCT_NAME);
  for await (const canvas of images) {
    const cuts = pageCuts(canvas, opts);
    let top = 0;
    for (const bottom of cuts) {
      const sliceH = bottom - top;
      const slice = new OffscreenCanvas(canvas.width, sliceH);
      const sctx = slice.getContext('2d')!;
      sctx.fillStyle = '#fff';
      sctx.fillRect(0, 0, slice.width, slice.height);
      sctx.drawImage(canvas, 0, top, canvas.width, sliceH, 0, 0, canvas.width, sliceH);
      // JPEG embeds as-is (no re-compression in pdf-lib), which keeps big exports fast.
      const jpg = await pdf.embedJpg(await (await canvasToBlob(slice, 'image/jpeg', 0.92)).arrayBuffer());
      let pageW: number;
      let pageH: number;
      let drawH: number;
      if (opts.pageSize === 'fit') {
        pageW = (canvas.width / opts.dpr) * 0.75;
        pageH = (sliceH / opts.dpr) * 0.75;
        drawH = pageH;
      } else {
        ({ width: pageW, height: pageH } = PAGE_SIZES[opts.pageSize]);
        drawH = (sliceH * pageW) / canvas.width;
      }
      const page = pdf.addPage([pageW, pageH]);
      page.drawImage(jpg, { x: 0, y: pageH - drawH, width: pageW, height: drawH });
      top = bottom;
    }
  }
  return pdf.save();
}
