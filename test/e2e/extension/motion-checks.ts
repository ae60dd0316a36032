/**
 * Checks for capture fidelity (issue #21): things that move while the capture scrolls come out
 * whole and move again afterwards; fixed pseudo-elements (a header, a page background) show once.
 */
import type { Page } from '@playwright/test';
import { columnRuns, expect, near, type ExtensionHarness, type Rgb } from './fixtures';
import { MOVER, MOVERS, motionPage, PSEUDO, pseudoPage } from './motion-pages';

/** Opens a served page and replaces its document (the tab's URL stays, so the toolbar click finds it). */
export async function openWith(ext: ExtensionHarness, html: string): Promise<Page> {
  const page = await ext.open('/wide.html');
  await page.setContent(html);
  return page;
}

interface Area {
  width: number;
  height: number;
  /** Pixels of the most common of the element's colours. */
  best: number;
}

/** Bounding box of the pixels near any of `colors` in device rect [x0, x1) × all rows, and the biggest one-colour count. */
async function blobOf(editor: Page, x0: number, x1: number, colors: Rgb[], tolerance: number): Promise<Area> {
  return editor.evaluate(
    ({ x0, x1, colors, tolerance }) => {
      const c = document.getElementById('view') as HTMLCanvasElement;
      const w = Math.min(c.width, x1) - x0;
      const d = c.getContext('2d')!.getImageData(x0, 0, w, c.height).data;
      const counts = colors.map(() => 0);
      let [minX, minY, maxX, maxY] = [Infinity, Infinity, -1, -1];
      for (let y = 0; y < c.height; y++) {
        for (let x = 0; x < w; x++) {
          const i = (y * w + x) * 4;
          const k = colors.findIndex((col) => Math.abs(d[i] - col[0]) <= tolerance && Math.abs(d[i + 1] - col[1]) <= tolerance && Math.abs(d[i + 2] - col[2]) <= tolerance);
          if (k < 0) continue;
          counts[k]++;
          minX = Math.min(minX, x);
          maxX = Math.max(maxX, x);
          minY = Math.min(minY, y);
          maxY = Math.max(maxY, y);
        }
      }
      return { width: maxX - minX + 1, height: maxY - minY + 1, best: Math.max(...counts) };
    },
    { x0, x1, colors, tolerance },
  );
}

export async function expectMotionCaptured(ext: ExtensionHarness, dpr: number): Promise<void> {
  const page = await openWith(ext, motionPage());
  expect(await page.evaluate(() => (window as unknown as { videoReady: Promise<boolean> }).videoReady), 'the video plays').toBe(true);
  const editor = await ext.capture(page);
  const problems: string[] = [];
  const want = { width: MOVER.width * dpr, height: MOVER.height * dpr };
  for (const [i, m] of MOVERS.entries()) {
    const left = 10 + i * MOVER.lane;
    const tolerance = m.id === 'video' ? 40 : 10; // VP8 is lossy
    const b = await blobOf(editor, Math.floor((left - 5) * dpr), Math.ceil((left + MOVER.travel + MOVER.width + 5) * dpr), m.colors, tolerance);
    const whole = Math.abs(b.width - want.width) <= 1.5 && Math.abs(b.height - want.height) <= 1.5 && b.best >= 0.95 * want.width * want.height;
    if (!whole) problems.push(`${m.id}: ${b.width}×${b.height} px, ${b.best} px of one colour; want ${want.width}×${want.height}`);
  }
  expect.soft(problems, 'each moving element is whole in the stitched image').toEqual([]);
  await editor.close();

  // Everything moves again: animations run, the video plays, timers and frames fire.
  type State = { animations: Array<{ state: string; time: number }>; ticks: number; frames: number; videoPaused: boolean; videoTime: number };
  const state = () => page.evaluate(() => (window as unknown as { motionState(): State }).motionState());
  const before = await state();
  await page.waitForTimeout(500);
  const after = await state();
  expect.soft(after.animations.map((a) => a.state), 'animations run').toEqual(before.animations.map(() => 'running'));
  expect.soft(after.animations.every((a, i) => a.time > before.animations[i].time), 'animation time advances').toBe(true);
  expect.soft(after.ticks, 'setInterval fires').toBeGreaterThan(before.ticks);
  expect.soft(after.frames, 'requestAnimationFrame fires').toBeGreaterThan(before.frames);
  expect.soft(after.videoPaused, 'the video plays').toBe(false);
  expect.soft(after.videoTime, 'video time advances').not.toBe(before.videoTime);
  await page.close();
}

export async function expectPseudoOnce(ext: ExtensionHarness, dpr: number): Promise<void> {
  const page = await openWith(ext, pseudoPage());
  const editor = await ext.capture(page);
  const runs = await columnRuns(editor, Math.round(20 * dpr));
  const of = (c: Rgb) => runs.filter((r) => near([r[0], r[1], r[2]], c)).map((r) => [r[3], r[4]]);
  const tol = Math.ceil(dpr);
  const header = of(PSEUDO.header);
  expect.soft(header.length, `fixed ::before header runs ${JSON.stringify(header)}`).toBe(1);
  expect.soft(Math.abs((header[0]?.[1] ?? -99) - PSEUDO.headerHeight * dpr)).toBeLessThanOrEqual(tol);
  const band = of(PSEUDO.band);
  expect.soft(band.length, `fixed ::after background band runs ${JSON.stringify(band)}`).toBe(1);
  expect.soft(Math.abs((band[0]?.[0] ?? -99) - PSEUDO.bandTop * dpr)).toBeLessThanOrEqual(tol);
  expect.soft(Math.abs((band[0]?.[1] ?? -99) - (PSEUDO.bandTop + PSEUDO.bandHeight) * dpr)).toBeLessThanOrEqual(tol);
  await editor.close();
  await page.close();
}
