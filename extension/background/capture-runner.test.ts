import { describe, expect, it } from 'vitest';
import type { ContentMessage, PageGeometry } from '#shared/extension/messages';
import { CaptureScheduler, QUOTA_ERROR_TEXT, type Clock } from '../capture/scheduler';
import { CHROME_CANVAS_LIMITS, type CanvasLimits } from '../capture/split-planner';
import { CaptureCancelled, CaptureRunner, type CaptureDeps } from './capture-runner';

/** A PNG data URL whose IHDR says width × height (the rest is never decoded here). */
function fakePng(width: number, height: number, salt: number): string {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  b[30] = salt & 0xff;
  return `data:image/png;base64,${btoa(String.fromCharCode(...b))}`;
}

const clock = (): Clock & { t: number } => {
  const c = { t: 0, now: () => c.t, sleep: async (ms: number) => void (c.t += ms) };
  return c;
};

/**
 * An in-memory stand-in for the content script and captureVisibleTab: a page `contentHeight`
 * tall in a 100×50 viewport, at DPR 2.
 */
function fakePage(opts: {
  contentHeight: number; failAt?: number; cancelAt?: number; staleAt?: number; quotaAt?: number; onScroll?: (y: number, height: number) => number; layoutChanged?: boolean;
  /** A one-shot backend: the debugger (fast mode) or Firefox's tabs.captureTab. */ fast?: boolean | 'capture-tab'; limits?: CanvasLimits; drawsOnScroll?: boolean; scrollerKind?: PageGeometry['scrollerKind'];
  /** The viewport is this many CSS px shorter once 'prepare' has measured it (fast mode's infobar came). */
  shrinkAfterPrepare?: number;
}) {
  const log: string[] = [];
  let scrollY = 0;
  let viewH = 50;
  let calls = 0;
  let last = '';
  let runner: CaptureRunner | null = null;
  const geometry = (): PageGeometry => ({
    innerWidth: 100, innerHeight: viewH, viewportWidth: 100, viewportHeight: viewH,
    scroller: { x: 0, y: 0, width: 100, height: viewH }, contentWidth: 100, contentHeight: opts.contentHeight,
    scrollerKind: opts.scrollerKind ?? 'document', devicePixelRatio: 2, title: 'T', url: 'https://example.com/',
  });
  const tiles = new Map<number, Blob>();
  const c = clock();
  const deps: CaptureDeps = {
    async send<M extends ContentMessage>(msg: M) {
      log.push(msg.type === 'scroll-to' ? `scroll-to ${msg.y}${msg.hideFixed ? ' hide' : ''}` : msg.type);
      switch (msg.type) {
        case 'prepare': {
          const g = geometry();
          viewH -= opts.shrinkAfterPrepare ?? 0;
          return g as never;
        }
        case 'warm-up': return { ...geometry(), layoutChanged: opts.layoutChanged, drawsOnScroll: opts.drawsOnScroll } as never;
        case 'scroll-to': {
          scrollY = Math.min(msg.y, opts.contentHeight - viewH); // the browser stops at the end
          // A page that grows or shrinks when scrolled (it reacts before the frame is taken).
          if (opts.onScroll) {
            opts.contentHeight = opts.onScroll(scrollY, opts.contentHeight);
            scrollY = Math.min(scrollY, opts.contentHeight - viewH);
          }
          return { x: 0, y: scrollY, contentWidth: 100, contentHeight: opts.contentHeight } as never;
        }
        default: return { ok: true } as never;
      }
    },
    async captureVisibleTab() {
      const n = calls++;
      if (n === opts.quotaAt) throw new Error(`This request exceeds the ${QUOTA_ERROR_TEXT} quota.`);
      if (n === opts.failAt) throw new Error('Tab was closed');
      if (n === opts.cancelAt) runner?.cancel();
      log.push('capture');
      // A stale frame repeats the previous image exactly.
      const url = n === opts.staleAt ? last : fakePng(200, viewH * 2, scrollY);
      last = url;
      return url;
    },
    putTile: async (i, blob) => void tiles.set(i, blob),
    scheduler: new CaptureScheduler(undefined, c),
    limits: opts.limits ?? CHROME_CANVAS_LIMITS,
    now: () => c.now(),
    documentCapture: opts.fast
      ? {
          kind: opts.fast === true ? 'debugger' : opts.fast,
          async capture(clips, dpr) {
            log.push(opts.fast === true ? 'debugger' : `capture-tab ${clips.map((c) => `${c.x},${c.y},${c.width}x${c.height}`).join(' ')} @${dpr}`);
            return clips.map((clip) => fakePng(clip.width * dpr, clip.height * dpr, 0));
          },
        }
      : undefined,
  };
  runner = new CaptureRunner(deps);
  return { runner, log, tiles };
}

describe('CaptureRunner', () => {
  it('takes frame 0 with fixed elements, warms up, then hides them for the other frames', async () => {
    const { runner, log, tiles } = fakePage({ contentHeight: 120 });
    const result = await runner.run();
    if ('restricted' in result) throw new Error('unexpected');
    expect(log.filter((l) => l !== 'progress')).toEqual([
      'prepare', 'scroll-to 0', 'capture', 'warm-up', 'scroll-to 50 hide', 'capture', 'scroll-to 71 hide', 'capture', 'restore',
    ]);
    expect(result.frames).toBe(3);
    expect(result.record).toMatchObject({ width: 200, height: 240, dpr: 2, tileCount: 3, mode: 'stitch' });
    expect(tiles.size).toBe(3);
  });

  it('restores the page when a capture fails', async () => {
    const { runner, log } = fakePage({ contentHeight: 200, failAt: 2 });
    await expect(runner.run()).rejects.toThrow('Tab was closed');
    expect(log[log.length - 1]).toBe('restore');
  });

  it('stops and restores on cancel', async () => {
    const { runner, log } = fakePage({ contentHeight: 400, cancelAt: 2 });
    await expect(runner.run()).rejects.toBeInstanceOf(CaptureCancelled);
    expect(log.filter((l) => l === 'capture')).toHaveLength(3);
    expect(log[log.length - 1]).toBe('restore');
  });

  it('retries on the quota error', async () => {
    const { runner, log } = fakePage({ contentHeight: 200, quotaAt: 1 });
    const result = await runner.run();
    expect('frames' in result && result.frames).toBe(4);
    expect(log.filter((l) => l === 'capture')).toHaveLength(4);
  });

  it('takes a frame again when it comes back unchanged after a scroll', async () => {
    const { runner, log } = fakePage({ contentHeight: 150, staleAt: 1 });
    await runner.run();
    expect(runner.staleFrames).toBe(1);
    expect(log.filter((l) => l === 'capture')).toHaveLength(4);
  });
});

describe('CaptureRunner in fast mode', () => {
  const run = async (opts: Parameters<typeof fakePage>[0]) => {
    const { runner, log } = fakePage({ fast: true, ...opts });
    const result = await runner.run();
    if ('restricted' in result) throw new Error('unexpected');
    return { record: result.record, log: log.filter((l) => l !== 'progress') };
  };

  it('takes the page in one debugger screenshot after the warm-up', async () => {
    const { record, log } = await run({ contentHeight: 120 });
    expect(log).toEqual(['prepare', 'warm-up', 'hide-overlay', 'debugger', 'restore']);
    expect(record).toMatchObject({ mode: 'fast', height: 240, notice: undefined });
  });

  it('scrolls frame by frame, warmed up once, and says why, when the page drew rows on scroll', async () => {
    const { record, log } = await run({ contentHeight: 120, drawsOnScroll: true });
    expect(log).toEqual(['prepare', 'warm-up', 'scroll-to 0', 'capture', 'scroll-to 50 hide', 'capture', 'scroll-to 71 hide', 'capture', 'restore']);
    expect(record).toMatchObject({ mode: 'stitch', height: 240, notice: 'fast-virtual' });
  });

  it('places the frames by the viewport as it is after the warm-up when the infobar shrank it after prepare', async () => {
    // The first capture in a fresh browser: the bar comes during 'prepare' (50 → 40 CSS px). Frame
    // 0 and the rest are taken under it; against the viewport 'prepare' saw they were read as DPR
    // 1.6 and placed a 50 px step apart: a 10 px gap at every seam (a virtual list lost rows).
    const { record, log } = await run({ contentHeight: 120, drawsOnScroll: true, shrinkAfterPrepare: 10 });
    expect(log.filter((l) => l.startsWith('scroll-to'))).toEqual(['scroll-to 0', 'scroll-to 40 hide', 'scroll-to 81 hide']);
    expect(record).toMatchObject({ mode: 'stitch', height: 240, dpr: 2, notice: 'fast-virtual' });
    const rows = rowsCovered(record);
    for (let i = 1; i < rows.length; i++) expect(rows[i][0], `draw ${i}`).toBe(rows[i - 1][1]);
    expect(rows[rows.length - 1][1]).toBe(240);
  });

  it('scrolls frame by frame, and says why, when the page scrolls inside a pane', async () => {
    const { record, log } = await run({ contentHeight: 120, scrollerKind: 'element' });
    expect(log).not.toContain('debugger');
    expect(record).toMatchObject({ mode: 'stitch', notice: 'fast-pane' });
  });
});

describe("CaptureRunner with Firefox's tabs.captureTab", () => {
  const run = async (opts: Parameters<typeof fakePage>[0]) => {
    const { runner, log } = fakePage({ fast: 'capture-tab', ...opts });
    const result = await runner.run();
    if ('restricted' in result) throw new Error('unexpected');
    return { record: result.record, log: log.filter((l) => l !== 'progress') };
  };

  it('renders the whole document in one captureTab after the warm-up, at the page DPR', async () => {
    const { record, log } = await run({ contentHeight: 120 });
    expect(log).toEqual(['prepare', 'warm-up', 'hide-overlay', 'capture-tab 0,0,100x120 @2', 'restore']);
    expect(record).toMatchObject({ mode: 'document', width: 200, height: 240, dpr: 2, notice: undefined });
  });

  it('cuts a split part that starts between CSS px from a rect of whole CSS px around it', async () => {
    // 242 device rows in two parts of 121: the second starts at CSS 60.5.
    const { record, log } = await run({ contentHeight: 121, limits: { maxSide: 200, maxArea: 200 * 121 } });
    expect(log).toContain('capture-tab 0,0,100x61 0,60,100x61 @2');
    expect(record.parts.map((p) => [p.y, p.height, p.draws[0].sy, p.draws[0].sh])).toEqual([[0, 121, 0, 121], [121, 121, 1, 121]]);
  });

  it('scrolls and stitches an inner pane, with no fast-mode notice', async () => {
    const { record, log } = await run({ contentHeight: 120, scrollerKind: 'element' });
    expect(log.some((l) => l.startsWith('capture-tab'))).toBe(false);
    expect(record).toMatchObject({ mode: 'stitch', notice: undefined });
  });

  it('scrolls a page that draws rows only on scroll, with no fast-mode notice', async () => {
    const { record } = await run({ contentHeight: 120, drawsOnScroll: true });
    expect(record).toMatchObject({ mode: 'stitch', height: 240, notice: undefined });
  });
});

/** Device rows of the image each tile's draws cover, in order: they must tile [0, height) once. */
function rowsCovered(record: { height: number; parts: Array<{ draws: Array<{ tile: number; dy: number; sh: number }> }> }): Array<[number, number]> {
  return record.parts[0].draws.map((d) => [d.dy, d.dy + d.sh] as [number, number]).sort((a, b) => a[0] - b[0]);
}

describe('CaptureRunner on a page that changes size while captured', () => {
  it('extends the plan when the page grows near the bottom, and covers every row once', async () => {
    // Each time the bottom is reached, 100 more CSS px, up to 320.
    const { runner } = fakePage({ contentHeight: 120, onScroll: (y, h) => (y + 50 >= h && h < 320 ? h + 100 : h) });
    const result = await runner.run();
    if ('restricted' in result) throw new Error('unexpected');
    expect(result.record.height).toBe(640);
    const rows = rowsCovered(result.record);
    expect(rows[0][0]).toBe(0);
    for (let i = 1; i < rows.length; i++) expect(rows[i][0], `draw ${i}`).toBe(rows[i - 1][1]);
    expect(rows[rows.length - 1][1]).toBe(640);
  });

  it('stops at the true end when the page shrinks', async () => {
    // Past 150 px, the last 100 px of the page go away (an ad that collapses).
    const { runner, log } = fakePage({ contentHeight: 300, onScroll: (y, h) => (y >= 150 ? 200 : h) });
    const result = await runner.run();
    if ('restricted' in result) throw new Error('unexpected');
    expect(result.record.height).toBe(400);
    expect(result.frames).toBe(4);
    const rows = rowsCovered(result.record);
    for (let i = 1; i < rows.length; i++) expect(rows[i][0]).toBe(rows[i - 1][1]);
    expect(rows[rows.length - 1][1]).toBe(400);
    expect(log.filter((l) => l.startsWith('scroll-to'))).toEqual(['scroll-to 0', 'scroll-to 50 hide', 'scroll-to 100 hide', 'scroll-to 150 hide', 'scroll-to 151 hide']);
  });

  it('takes frame 0 again when the warm-up moved the top of the page', async () => {
    const { runner, log } = fakePage({ contentHeight: 100, layoutChanged: true });
    await runner.run();
    expect(log.filter((l) => l !== 'progress')).toEqual(['prepare', 'scroll-to 0', 'capture', 'warm-up', 'scroll-to 0', 'capture', 'scroll-to 51 hide', 'capture', 'restore']);
  });
});
