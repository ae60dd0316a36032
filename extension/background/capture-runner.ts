/**
 * One capture of one tab, start to finish. It only orchestrates: the content script measures and
 * scrolls, captureVisibleTab (or a one-shot document backend: the debugger in Chrome's fast mode,
 * tabs.captureTab in Firefox) takes pixels, the store keeps them,
 * and the editor stitches them on a canvas. Chrome APIs come in through `CaptureDeps` so the flow
 * can be tested against fakes.
 */
import type { ContentMessage, ContentResponse, FramePosition, LiveMessage, PageGeometry, ScrollPosition } from '#shared/extension/messages';
import { coveringStep, measureScale, toDevice } from '../capture/device-scale';
import { cssClip, wholeCssClip } from '../capture/fast-clip';
import { coversCell, endMayHideARow, planFrames } from '../capture/frame-plan';
import { dataUrlToBlob, pngSizeOfDataUrl } from '../capture/png-size';
import type { CaptureScheduler } from '../capture/scheduler';
import { planSplit, type CanvasLimits } from '../capture/split-planner';
import { deviceViewport, liveFrameOf, planStitch, type PartPlan } from '../capture/stitch-plan';
import type { CaptureNotice, CaptureRecord } from '../lib/capture-store';

/** Frames at most (planFrames' default), and how far past its warmed-up height a page is followed. */
const MAX_FRAMES = 400;
const MAX_GROWTH_VIEWPORTS = 25;

export class CaptureCancelled extends Error {
  constructor() {
    super('Capture cancelled');
  }
}

/** A capture the user can stop (Escape, or a second click): `check` throws once it is cancelled. */
export abstract class CancellableCapture {
  private cancelled = false;

  cancel(): void {
    this.cancelled = true;
  }

  protected check(): void {
    if (this.cancelled) throw new CaptureCancelled();
  }
}

/** Which content script a message goes to: the page's top frame, or the iframe that scrolls. */
type MessageTarget = 'top' | 'scroller';

export interface CaptureDeps {
  send<M extends ContentMessage>(msg: M, to?: MessageTarget): Promise<ContentResponse<M>>;
  /**
   * The page scrolls inside an iframe: inject into frames and route 'scroller' messages to the
   * one that matches. False when that frame cannot be reached (another site, no iFrame access).
   */
  useFrame?: (frame: NonNullable<PageGeometry['frame']>) => Promise<boolean>;
  captureVisibleTab(): Promise<string>;
  /** Renders the whole document in one shot, without scrolling. Absent: scroll and stitch. */
  documentCapture?: DocumentCapture;
  putTile(index: number, blob: Blob): Promise<void>;
  /** Each frame with its share of the stitch plan, for an editor that stitches while we capture. */
  onFrame?: (frame: Omit<Extract<LiveMessage, { type: 'frame' }>, 'type'>) => void;
  scheduler: CaptureScheduler;
  limits: CanvasLimits;
  now(): number;
}

/**
 * A backend that renders CSS-px rects of the document at scroll 0 (position: fixed elements once,
 * where they are at the top), one image per rect: Chrome's debugger in fast mode
 * (`Page.captureScreenshot`, fast-capture.ts) or Firefox's `tabs.captureTab` (tab-capture.ts).
 */
export interface DocumentCapture {
  /** 'debugger' is fast mode, which the editor names when a page had to be scrolled instead. */
  kind: 'debugger' | 'capture-tab';
  /** One image per clip, at `dpr` device px per CSS px (the page's devicePixelRatio). */
  capture(clips: Array<{ x: number; y: number; width: number; height: number }>, dpr: number): Promise<string[]>;
}

export interface CaptureResult {
  record: Omit<CaptureRecord, 'id' | 'createdAt'>;
  frames: number;
  timings: { prepareMs: number; warmUpMs: number; framesMs: number; totalMs: number };
}

export class CaptureRunner extends CancellableCapture {
  constructor(private readonly deps: CaptureDeps) {
    super();
  }

  /** Runs the capture; the page is restored whatever happens. */
  async run(): Promise<CaptureResult | { restricted: string }> {
    const { deps } = this;
    const t0 = deps.now();
    this.timings = { prepareMs: 0, warmUpMs: 0, framesMs: 0, totalMs: 0 };
    try {
      const top = await deps.send({ target: 'content', type: 'prepare' });
      if (top.restricted) return { restricted: top.restricted };
      this.check();
      this.top = top;
      let g0 = top;
      if (top.frame && deps.useFrame) {
        this.framed = await deps.useFrame(top.frame);
        if (this.framed) g0 = combineFrame(top, await deps.send({ target: 'content', type: 'prepare', overlay: false }, 'scroller'));
        else if (!top.frame.sameOrigin) this.notice = 'iframe-permission';
      }
      this.timings.prepareMs = deps.now() - t0;
      let result: Omit<CaptureResult, 'timings'>;
      const fastMode = deps.documentCapture?.kind === 'debugger';
      if (deps.documentCapture && g0.scrollerKind === 'document') {
        const g = await this.warmUp();
        if (g.drawsOnScroll) {
          // One screenshot shows only the rows a virtual list drew last: scroll it frame by frame.
          if (fastMode) this.notice = 'fast-virtual';
          result = await this.runStitched(g0, g);
        } else {
          result = await this.runFast(g);
        }
      } else {
        // A one-shot backend cannot unroll an inner pane.
        if (fastMode) this.notice ??= 'fast-pane';
        result = await this.runStitched(g0);
      }
      this.timings.totalMs = deps.now() - t0;
      this.timings.framesMs = this.timings.totalMs - this.timings.prepareMs - this.timings.warmUpMs;
      return { ...result, timings: { ...this.timings } };
    } finally {
      if (this.framed) await deps.send({ target: 'content', type: 'restore' }, 'scroller').catch(() => undefined);
      await deps.send({ target: 'content', type: 'restore' }).catch(() => undefined);
    }
  }

  private top: PageGeometry | null = null;
  /** The content scrolls inside an iframe, reached through its own content script. */
  private framed = false;
  /** Shown by the editor, e.g. that iFrame access would capture more of this page. */
  notice: CaptureNotice | undefined;

  /** Scrolls the scroller (in the iframe when framed), with the top page's panel hidden. */
  private scrollTo(index: number, x: number, y: number, hideFixed: boolean): Promise<FramePosition> {
    const msg = { target: 'content', type: 'scroll-to', index, x, y, hideFixed } as const;
    if (!this.framed) return this.deps.send(msg);
    return this.deps.send({ target: 'content', type: 'hide-overlay' }).then(() => this.deps.send(msg, 'scroller'));
  }

  private timings = { prepareMs: 0, warmUpMs: 0, framesMs: 0, totalMs: 0 };
  /** Frames that came back unchanged after a scroll and were taken again. */
  staleFrames = 0;

  /** Scrolls through the page so lazy content loads, then measures it again at scroll 0,0. */
  private async warmUp(): Promise<PageGeometry> {
    const t = this.deps.now();
    const g = await this.deps.send({ target: 'content', type: 'warm-up' }, this.framed ? 'scroller' : 'top');
    this.timings.warmUpMs = this.deps.now() - t;
    this.check();
    return this.framed ? combineFrame(this.top!, g) : g;
  }

  /**
   * Frame 0 (the top of the page, fixed elements in place) is taken first, in the quota window
   * that the warm-up pass then uses (unless the caller warmed up already); the geometry measured after the warm-up plans the rest.
   * Storing and forwarding each frame happens off the critical path, while the page scrolls and
   * paints for the next one.
   */
  private async runStitched(g0: PageGeometry, warmed?: PageGeometry): Promise<Omit<CaptureResult, 'timings'>> {
    const { deps } = this;
    const actual: ScrollPosition[] = [];
    actual[0] = await this.scrollTo(0, 0, 0, false);
    this.check();
    let first = await deps.scheduler.run(() => deps.captureVisibleTab());
    // devicePixelRatio (display scale × page zoom), checked against the bitmap's size, with the
    // viewport the bitmap shows. Fast mode falling back takes frame 0 after its warm-up, and the
    // debugger's infobar may have shrunk the viewport since 'prepare' (the first capture in a
    // fresh browser): read against g0, 657 rows of 713 were taken for DPR 0.92, and every seam gapped.
    const deviceScale = measureScale(warmed ?? g0, pngSizeOfDataUrl(first));
    let firstBlob = dataUrlToBlob(first);
    const work: Promise<void>[] = [deps.putTile(0, firstBlob)];

    // Warmed up already (fast mode falling back): frame 0 was just taken in the final layout.
    let g = warmed ?? (await this.warmUp());
    if (!warmed && g.layoutChanged) {
      // Lazy content moved the top of the page during the warm-up: frame 0 shows a stale layout.
      actual[0] = await this.scrollTo(0, 0, 0, false);
      this.check();
      const again = await deps.scheduler.run(() => deps.captureVisibleTab());
      firstBlob = dataUrlToBlob(again);
      work[0] = deps.putTile(0, firstBlob);
      first = again;
    }
    // Frames a little less than a viewport apart when device rows do not fall on whole CSS px.
    const view = deviceViewport(g, deviceScale).scroller;
    const step = { x: coveringStep(view.width, deviceScale.dpr), y: coveringStep(view.height, deviceScale.dpr) };
    // A page that keeps growing as it is scrolled (an endless list) is followed this far.
    const maxHeight = g.contentHeight + MAX_GROWTH_VIEWPORTS * g.scroller.height;
    let plan = planFrames(g, undefined, step, endMayHideARow(g, deviceScale.dpr));
    let total = plan.frames.length;
    const { endY } = g;
    const expected = () =>
      endY === undefined ? actual : plan.frames.map((f) => actual[f.index] ?? (f.y >= endY - 1 ? { x: f.x, y: Math.min(f.y, endY) } : undefined)) as ScrollPosition[];
    const forward = (index: number, image: Blob) => {
      if (!deps.onFrame) return;
      // Frames not taken yet count at their planned position, or at the page's end where the
      // warm-up found it (so the live image has the final size); this frame's draws need only its own.
      deps.onFrame({ tile: index, total, ...liveFrameOf(planStitch(g, plan, expected(), deviceScale, deps.limits), index), image });
    };
    forward(0, firstBlob);
    void deps.send({ target: 'content', type: 'progress', done: 1, total }).catch(() => undefined);

    let previous = first;
    let last: ScrollPosition = actual[0];
    // The next frame is the first whose cell no frame taken so far shows: the plan is made again
    // whenever the page reports a new content size (it grew or shrank as it was scrolled).
    // A frame already taken at the position the plan asks is never taken again (the page ended there).
    const takenAt = new Set<string>(['0:0:0']);
    const key = (f: { index: number; x: number; y: number }) => `${f.index}:${f.x}:${f.y}`;
    const pending = () => plan.frames.find((f) => !(actual[f.index] && (takenAt.has(key(f)) || coversCell(plan, f, actual[f.index], view, deviceScale.dpr))));
    let budget = 2 * MAX_FRAMES;
    for (let f = pending(); f && budget > 0; f = pending(), budget--) {
      this.check();
      const pos = await this.scrollTo(f.index, f.x, f.y, true);
      this.check();
      const h = Math.min(pos.contentHeight ?? g.contentHeight, maxHeight);
      const w = pos.contentWidth ?? g.contentWidth;
      if (Math.abs(h - g.contentHeight) >= 0.5 || Math.abs(w - g.contentWidth) >= 0.5) {
        g = { ...g, contentHeight: h, contentWidth: w };
        plan = planFrames(g, undefined, step, endMayHideARow(g, deviceScale.dpr));
        total = plan.frames.length;
        const now = plan.frames[f.index];
        // Not where this frame belongs any more (or not needed at all): scroll again first.
        if (!now || now.x !== f.x || now.y !== f.y) continue;
      }
      actual[f.index] = pos;
      takenAt.add(key(f));
      let dataUrl = await deps.scheduler.run(() => deps.captureVisibleTab());
      const moved = pos.x !== last.x || pos.y !== last.y;
      last = pos;
      if (moved && dataUrl === previous) {
        // The compositor had not drawn the scroll yet (seen under heavy load): take it again.
        this.staleFrames += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
        dataUrl = await deps.scheduler.run(() => deps.captureVisibleTab());
      }
      previous = dataUrl;
      // Deferred by a task: decoding and forwarding run while the page scrolls for the next frame.
      work.push(
        new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => {
          const image = dataUrlToBlob(dataUrl);
          forward(f.index, image);
          return deps.putTile(f.index, image);
        }),
      );
      void deps.send({ target: 'content', type: 'progress', done: f.index + 1, total }).catch(() => undefined);
    }
    await deps.send({ target: 'content', type: 'progress', done: total, total, label: 'Saving capture…' }).catch(() => undefined);
    await Promise.all(work);
    actual.length = Math.min(actual.length, total); // frames of a longer plan than the page's final one
    const stitch = planStitch(g, plan, actual, deviceScale, deps.limits);
    return { record: this.record(g, stitch.width, stitch.height, stitch.dpr, stitch.parts, total, 'stitch', plan.truncated), frames: total };
  }

  private async runFast(g: PageGeometry): Promise<Omit<CaptureResult, 'timings'>> {
    const { deps } = this;
    await deps.send({ target: 'content', type: 'hide-overlay' });
    // The same device-pixel arithmetic as the stitcher: CSS px → device rows with toDevice, and
    // devicePixelRatio checked against the bitmap (here the first screenshot) with measureScale.
    const cssW = Math.max(g.contentWidth, g.viewportWidth);
    const cssH = Math.max(g.contentHeight, g.viewportHeight);
    const planned = g.devicePixelRatio;
    const width = toDevice(cssW, planned);
    const height = toDevice(cssH, planned);
    const split = planSplit(width, height, deps.limits);
    const oneShot = deps.documentCapture!;
    // The debugger renders each part itself; captureTab a rect of whole CSS px the part is cut from.
    const cuts = split.map((p) => (oneShot.kind === 'capture-tab' ? wholeCssClip(p, planned) : { clip: cssClip(p, planned), offset: null }));
    const clips = cuts.map((c) => c.clip);
    const dataUrls = await oneShot.capture(clips, planned);
    const images = dataUrls.map((d) => pngSizeOfDataUrl(d));
    const { dpr } = measureScale({ innerWidth: clips[0].width, innerHeight: clips[0].height, devicePixelRatio: planned }, images[0]);
    const sizes = images.map((image, i) => (cuts[i].offset ? { width: split[i].width, height: split[i].height } : image));
    const draw = (i: number) => {
      const { x, y } = cuts[i].offset ?? { x: 0, y: 0 };
      return { sx: x, sy: y, sw: Math.min(sizes[i].width, images[i].width - x), sh: Math.min(sizes[i].height, images[i].height - y), dx: 0, dy: 0 };
    };
    const parts: PartPlan[] = sizes.map((size, i) => ({ ...split[i], ...size, draws: [{ tile: i, ...draw(i) }] }));
    // Each part goes to the editor at once (it decodes while the worker stores).
    await Promise.all(
      dataUrls.map((dataUrl, i) => {
        const image = dataUrlToBlob(dataUrl);
        deps.onFrame?.({ tile: i, total: parts.length, parts: sizes, draws: [{ part: i, ...draw(i) }], image });
        return deps.putTile(i, image);
      }),
    );
    const mode = deps.documentCapture!.kind === 'debugger' ? 'fast' : 'document';
    return { record: this.record(g, width, height, dpr, parts, parts.length, mode, false), frames: parts.length };
  }

  private record(g: PageGeometry, width: number, height: number, dpr: number, parts: PartPlan[], tileCount: number, mode: CaptureRecord['mode'], truncated: boolean): CaptureResult['record'] {
    return { url: this.top?.url ?? g.url, title: this.top?.title ?? g.title, width, height, dpr, parts, tileCount, mode, truncated, notice: this.notice };
  }
}

/** The top page's geometry with the iframe's scroller put in its place (clipped to the viewport). */
function combineFrame(top: PageGeometry, inner: PageGeometry): PageGeometry {
  const r = top.frame!.rect;
  const sx = r.x + inner.scroller.x;
  const sy = r.y + inner.scroller.y;
  const x0 = Math.max(0, sx);
  const y0 = Math.max(0, sy);
  const x1 = Math.min(top.viewportWidth, sx + inner.scroller.width);
  const y1 = Math.min(top.viewportHeight, sy + inner.scroller.height);
  const width = Math.max(1, x1 - x0);
  const height = Math.max(1, y1 - y0);
  return {
    ...top,
    frame: undefined,
    scrollerKind: 'frame',
    scroller: { x: x0, y: y0, width, height },
    contentWidth: inner.contentWidth - (inner.scroller.width - width),
    contentHeight: inner.contentHeight - (inner.scroller.height - height),
  };
}
