import { describe, expect, it } from 'vitest';
import type { ContentMessage, PageGeometry, PickedSelection } from '#shared/extension/messages';
import { CaptureScheduler, type Clock } from '../capture/scheduler';
import { CHROME_CANVAS_LIMITS } from '../capture/split-planner';
import { AreaCapture } from './area-capture';
import { CaptureCancelled, type CaptureDeps } from './capture-runner';

/** A PNG data URL whose IHDR says width × height (the rest is never decoded here). */
function fakePng(width: number, height: number, salt: number): string {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  b[30] = salt & 0xff;
  return `data:image/png;base64,${btoa(String.fromCharCode(...b))}`;
}

/** The content script and captureVisibleTab for a document 1000 px tall in a 100 × 50 viewport at DPR 2. */
function fakePage(selection: PickedSelection, opts: { cancelAt?: number } = {}) {
  const c: Clock & { t: number } = { t: 0, now: () => c.t, sleep: async (ms: number) => void (c.t += ms) };
  const log: string[] = [];
  const tiles = new Map<number, Blob>();
  let y = selection.at.y;
  let runner: AreaCapture | null = null;
  const geometry: PageGeometry = {
    innerWidth: 100, innerHeight: 50, viewportWidth: 100, viewportHeight: 50,
    scroller: { x: 0, y: 0, width: 100, height: 50 }, contentWidth: 100, contentHeight: 1000,
    scrollerKind: 'document', devicePixelRatio: 2, title: 'T', url: 'https://example.com/', selection,
  };
  const deps: CaptureDeps = {
    async send<M extends ContentMessage>(msg: M) {
      log.push(msg.type === 'scroll-to' ? `scroll-to ${msg.y}${msg.hideFixed ? ' hide' : ''}` : msg.type);
      if (msg.type === 'prepare') return geometry as never;
      if (msg.type === 'scroll-to') {
        if (opts.cancelAt === msg.index) runner!.cancel();
        y = Math.min(msg.y, 950);
        return { x: 0, y } as never;
      }
      return { ok: true } as never;
    },
    captureVisibleTab: async () => fakePng(200, 100, y),
    putTile: async (i, blob) => void tiles.set(i, blob),
    scheduler: new CaptureScheduler(undefined, c),
    limits: CHROME_CANVAS_LIMITS,
    now: () => c.t,
  };
  runner = new AreaCapture(deps, 'area');
  return { runner, log, tiles };
}

describe('AreaCapture', () => {
  it('takes a selection all on screen in one frame where the page is, nothing hidden, cropped to it', async () => {
    const { runner, log, tiles } = fakePage({ rect: { x: 10, y: 310, width: 30, height: 20 }, at: { x: 0, y: 300 }, onScreen: true });
    const result = await runner.run();
    expect(log).toEqual(['prepare', 'scroll-to 300', 'restore']);
    expect(tiles.size).toBe(1);
    if ('restricted' in result) throw new Error('restricted');
    expect(result.record).toMatchObject({ width: 60, height: 40, dpr: 2, tileCount: 1, mode: 'area' });
    expect(result.record.parts[0].draws).toEqual([{ tile: 0, sx: 20, sy: 20, sw: 60, sh: 40, dx: 0, dy: 0 }]);
  });

  it('scrolls and stitches a taller selection over its own rows only, fixed elements hidden after a frame at the origin', async () => {
    const deep = fakePage({ rect: { x: 0, y: 500, width: 100, height: 120 }, at: { x: 0, y: 0 }, onScreen: false });
    const result = await deep.runner.run();
    expect(deep.log).toEqual(['prepare', 'scroll-to 500 hide', 'progress', 'scroll-to 550 hide', 'progress', 'scroll-to 600 hide', 'progress', 'progress', 'restore']);
    if ('restricted' in result) throw new Error('restricted');
    expect(result).toMatchObject({ frames: 3, record: { width: 200, height: 240, tileCount: 3, mode: 'area' } });

    const top = fakePage({ rect: { x: 0, y: 20, width: 100, height: 60 }, at: { x: 0, y: 30 }, onScreen: false });
    await top.runner.run();
    // It starts on the first screen: the page's own frame 0, with fixed elements where they are.
    expect(top.log.filter((l) => l.startsWith('scroll-to'))).toEqual(['scroll-to 0', 'scroll-to 50 hide']);
  });

  it('restores the page and stores nothing more once cancelled', async () => {
    const { runner, log, tiles } = fakePage({ rect: { x: 0, y: 500, width: 100, height: 120 }, at: { x: 0, y: 0 }, onScreen: false }, { cancelAt: 1 });
    await expect(runner.run()).rejects.toBeInstanceOf(CaptureCancelled);
    expect(tiles.size).toBe(1);
    expect(log.at(-1)).toBe('restore');
  });
});
