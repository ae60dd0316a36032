import { describe, expect, it } from 'vitest';
import { CaptureScheduler, type Clock } from '../capture/scheduler';
import { CHROME_CANVAS_LIMITS } from '../capture/split-planner';
import { CaptureCancelled } from './capture-runner';
import { VisibleCapture, type VisibleDeps } from './visible-capture';

/** A PNG data URL whose IHDR says width × height (the rest is never decoded here). */
function fakePng(width: number, height: number): string {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return `data:image/png;base64,${btoa(String.fromCharCode(...b))}`;
}

function fakes() {
  const c: Clock & { t: number } = { t: 0, now: () => c.t, sleep: async (ms: number) => void (c.t += ms) };
  const log: string[] = [];
  const tiles = new Map<number, Blob>();
  const frames: unknown[] = [];
  const deps: VisibleDeps = {
    measure: async () => (log.push('measure'), { innerWidth: 100, innerHeight: 50, clientWidth: 100, clientHeight: 50, devicePixelRatio: 2, url: 'https://example.com/', title: 'T' }),
    captureVisibleTab: async () => (log.push('capture'), fakePng(200, 100)),
    putTile: async (i, blob) => void tiles.set(i, blob),
    onFrame: (f) => frames.push(f),
    scheduler: new CaptureScheduler(undefined, c),
    limits: CHROME_CANVAS_LIMITS,
    now: () => c.t,
  };
  return { deps, log, tiles, frames };
}

describe('VisibleCapture', () => {
  it('takes one frame before anything else and stores it as a one-part capture at the tab DPR', async () => {
    const { deps, log, tiles, frames } = fakes();
    const result = await new VisibleCapture(deps).run();
    expect(log).toEqual(['capture', 'measure']);
    expect(tiles.size).toBe(1);
    expect(result.frames).toBe(1);
    expect(result.record).toMatchObject({ url: 'https://example.com/', title: 'T', width: 200, height: 100, dpr: 2, tileCount: 1, mode: 'visible', truncated: false });
    expect(result.record.parts).toEqual([{ x: 0, y: 0, width: 200, height: 100, draws: [{ tile: 0, sx: 0, sy: 0, sw: 200, sh: 100, dx: 0, dy: 0 }] }]);
    expect(frames).toEqual([{ tile: 0, total: 1, parts: [{ width: 200, height: 100 }], draws: [{ part: 0, sx: 0, sy: 0, sw: 200, sh: 100, dx: 0, dy: 0 }], image: tiles.get(0) }]);
  });

  it('stores nothing once cancelled', async () => {
    const { deps, tiles } = fakes();
    const capture = new VisibleCapture(deps);
    capture.cancel();
    await expect(capture.run()).rejects.toBeInstanceOf(CaptureCancelled);
    expect(tiles.size).toBe(0);
  });
});
