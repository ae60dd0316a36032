/**
 * "Capture visible part": one captureVisibleTab of the viewport as it is, at the tab's DPR. Nothing
 * on the page changes (no content script, no scrolling, no hidden elements): the page is only
 * asked for its viewport size. The result is a capture record like a whole-page one, so the same
 * editor, exports, Premium tools, Save to library and split rules apply. Chrome APIs come in
 * through `VisibleDeps`, as for CaptureRunner.
 */
import { dataUrlToBlob, pngSizeOfDataUrl } from '../capture/png-size';
import { planVisible, type ViewportInfo } from '../capture/visible-plan';
import { CancellableCapture, type CaptureDeps, type CaptureResult } from './capture-runner';

/** What CaptureRunner gets from the worker, less the page scripting: the page is only measured. */
export type VisibleDeps = Pick<CaptureDeps, 'captureVisibleTab' | 'putTile' | 'onFrame' | 'scheduler' | 'limits' | 'now'> & {
  /** The page's viewport, read by a function run in it (chrome.scripting), with its URL and title. */
  measure(): Promise<ViewportInfo & { url: string; title: string }>;
};

export class VisibleCapture extends CancellableCapture {
  constructor(private readonly deps: VisibleDeps) {
    super();
  }

  async run(): Promise<CaptureResult> {
    const { deps } = this;
    const t0 = deps.now();
    // Taken first: the frame is the page as the user sees it at this moment.
    const dataUrl = await deps.scheduler.run(() => deps.captureVisibleTab());
    const view = await deps.measure();
    this.check();
    const plan = planVisible(view, pngSizeOfDataUrl(dataUrl), deps.limits);
    const image = dataUrlToBlob(dataUrl);
    const sizes = plan.parts.map((p) => ({ width: p.width, height: p.height }));
    const draws = plan.parts.flatMap((p, part) => p.draws.map(({ tile: _tile, ...d }) => ({ part, ...d })));
    deps.onFrame?.({ tile: 0, total: 1, parts: sizes, draws, image });
    await deps.putTile(0, image);
    const totalMs = deps.now() - t0;
    return {
      record: { url: view.url, title: view.title, width: plan.width, height: plan.height, dpr: plan.dpr, parts: plan.parts, tileCount: 1, mode: 'visible', truncated: false },
      frames: 1,
      timings: { prepareMs: 0, warmUpMs: 0, framesMs: totalMs, totalMs },
    };
  }
}

/** Run in the page (chrome.scripting, isolated world): reads the viewport, changes nothing. */
export function readViewport(): ViewportInfo & { url: string; title: string } {
  const root = document.documentElement;
  return {
    innerWidth,
    innerHeight,
    clientWidth: root.clientWidth,
    clientHeight: root.clientHeight,
    devicePixelRatio,
    url: location.href,
    title: document.title,
  };
}
