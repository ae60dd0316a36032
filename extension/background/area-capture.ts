/**
 * "Capture selected area" and "Capture one element", once the user has picked it on the page (the
 * content script's pickers keep the pick until `prepare`). A selection all on screen is one frame,
 * as the user sees it; a taller (or wider) one is scrolled and stitched like a whole page, with the
 * same content-script steps (fixed and sticky elements hidden after a frame at the origin, motion
 * held, images waited for), but frames only over its rows and columns (capture/area-plan.ts). An
 * inner scroll pane picked as the element is its scroller: unrolled. Chrome APIs come in through
 * CaptureDeps, as for CaptureRunner.
 */
import type { PageGeometry, ScrollPosition } from '#shared/extension/messages';
import { planAreaFrames, planAreaStitch, planViewCrop } from '../capture/area-plan';
import { coveringStep, measureScale, type DeviceScale } from '../capture/device-scale';
import type { FramePlan } from '../capture/frame-plan';
import { dataUrlToBlob, pngSizeOfDataUrl } from '../capture/png-size';
import { deviceViewport, liveFrameOf, type StitchPlan } from '../capture/stitch-plan';
import type { PickedKind } from '../lib/capture-modes';
import { CancellableCapture, type CaptureDeps, type CaptureResult } from './capture-runner';

/** What CaptureRunner gets from the worker, less what only a whole page needs (iframes, fast mode). */
export type AreaDeps = Pick<CaptureDeps, 'send' | 'captureVisibleTab' | 'putTile' | 'onFrame' | 'scheduler' | 'limits' | 'now'>;

export class AreaCapture extends CancellableCapture {
  constructor(
    private readonly deps: AreaDeps,
    private readonly kind: PickedKind,
  ) {
    super();
  }

  /** Runs the capture; the page is restored whatever happens. */
  async run(): Promise<CaptureResult | { restricted: string }> {
    const { deps } = this;
    const t0 = deps.now();
    try {
      const g = await deps.send({ target: 'content', type: 'prepare', selection: true });
      if (g.restricted) return { restricted: g.restricted };
      if (!g.selection) throw new Error('nothing was selected on the page');
      this.check();
      const prepareMs = deps.now() - t0;
      const { at, onScreen } = g.selection;
      const result = onScreen ? await this.runOnScreen(g, at) : await this.runStitched(g);
      const totalMs = deps.now() - t0;
      return { ...result, timings: { prepareMs, warmUpMs: 0, framesMs: totalMs - prepareMs, totalMs } };
    } finally {
      await deps.send({ target: 'content', type: 'restore' }).catch(() => undefined);
    }
  }

  /** Tells the live editor what frame `tile` gives to the image as planned now. */
  private forward(tile: number, total: number, stitch: StitchPlan, image: Blob): void {
    this.deps.onFrame?.({ tile, total, ...liveFrameOf(stitch, tile), image });
  }

  /** All of it on screen: one frame where the page is (nothing hidden), cropped to the selection. */
  private async runOnScreen(g: PageGeometry, at: ScrollPosition): Promise<Omit<CaptureResult, 'timings'>> {
    const { deps } = this;
    // No scroll: the page stays as the user picked on it; the progress panel is hidden, the page painted.
    await deps.send({ target: 'content', type: 'scroll-to', index: 0, x: at.x, y: at.y, hideFixed: false });
    this.check();
    const dataUrl = await deps.scheduler.run(() => deps.captureVisibleTab());
    this.check();
    const { rect } = g.selection!;
    const stitch = planViewCrop(g, measureScale(g, pngSizeOfDataUrl(dataUrl)), { ...rect, x: rect.x - at.x, y: rect.y - at.y }, deps.limits);
    const image = dataUrlToBlob(dataUrl);
    this.forward(0, 1, stitch, image);
    await deps.putTile(0, image);
    return { record: this.record(g, stitch, 1, false), frames: 1 };
  }

  /**
   * Taller or wider than the screen: the whole page's scroll-and-stitch over the selection's rows
   * and columns only. The first frame sets the device scale, which sets how far apart the others are
   * (its own place, the selection's first edge, does not depend on it).
   */
  private async runStitched(g: PageGeometry): Promise<Omit<CaptureResult, 'timings'>> {
    const { deps } = this;
    const { rect } = g.selection!;
    const planWith = (scale?: DeviceScale): FramePlan => {
      const view = scale ? deviceViewport(g, scale).scroller : null;
      const step = view && scale ? { x: coveringStep(view.width, scale.dpr), y: coveringStep(view.height, scale.dpr) } : undefined;
      const plan = planAreaFrames(g, rect, step);
      if (!plan) throw new Error('the selection is outside the page');
      return plan;
    };
    let plan = planWith();
    let scale: DeviceScale | null = null;
    const actual: ScrollPosition[] = [];
    const work: Promise<void>[] = [];
    let previous = '';
    for (let i = 0; i < plan.frames.length; i++) {
      const f = plan.frames[i];
      this.check();
      // Fixed elements show where they are in a frame at the origin only, as in a whole page.
      const pos = await deps.send({ target: 'content', type: 'scroll-to', index: i, x: f.x, y: f.y, hideFixed: f.x !== 0 || f.y !== 0 });
      this.check();
      actual[i] = { x: pos.x, y: pos.y };
      let dataUrl = await deps.scheduler.run(() => deps.captureVisibleTab());
      if (i > 0 && dataUrl === previous) {
        // The compositor had not drawn the scroll yet (seen under heavy load): take it again.
        await new Promise((resolve) => setTimeout(resolve, 100));
        dataUrl = await deps.scheduler.run(() => deps.captureVisibleTab());
      }
      previous = dataUrl;
      if (!scale) {
        scale = measureScale(g, pngSizeOfDataUrl(dataUrl));
        plan = planWith(scale);
        // Rarely the first edge falls between the two steps and the first frame moves: take it there.
        if (plan.frames[0].x !== f.x || plan.frames[0].y !== f.y) {
          i = -1;
          continue;
        }
      }
      const image = dataUrlToBlob(dataUrl);
      const total = plan.frames.length;
      // Frames not taken yet count at their planned place.
      const expected = plan.frames.map((p) => actual[p.index] ?? { x: p.x, y: p.y });
      this.forward(i, total, planAreaStitch(g, plan, expected, scale, deps.limits), image);
      work.push(deps.putTile(i, image));
      void deps.send({ target: 'content', type: 'progress', done: i + 1, total }).catch(() => undefined);
    }
    await deps.send({ target: 'content', type: 'progress', done: plan.frames.length, total: plan.frames.length, label: 'Saving capture…' }).catch(() => undefined);
    await Promise.all(work);
    const stitch = planAreaStitch(g, plan, actual, scale!, deps.limits);
    return { record: this.record(g, stitch, plan.frames.length, plan.truncated), frames: plan.frames.length };
  }

  private record(g: PageGeometry, stitch: StitchPlan, tileCount: number, truncated: boolean): CaptureResult['record'] {
    return { url: g.url, title: g.title, width: stitch.width, height: stitch.height, dpr: stitch.dpr, parts: stitch.parts, tileCount, mode: this.kind, truncated };
  }
}
