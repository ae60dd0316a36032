import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planFrames } from './frame-plan';
import { planSplit, fitsCanvas, CHROME_CANVAS_LIMITS } from './split-planner';
import { planStitch, type StitchPlan } from './stitch-plan';

interface Geo {
  viewportWidth: number;
  viewportHeight: number;
  scroller: { x: number; y: number; width: number; height: number };
  contentWidth: number;
  contentHeight: number;
}

/**
 * Renders what each frame would show (a label per device pixel: content coordinates inside the
 * scroller, "outer" coordinates elsewhere), runs the plan, and compares with the expected image.
 */
function simulate(g: Geo, scale: number, limits = CHROME_CANVAS_LIMITS) {
  const plan = planFrames(g);
  const actual = plan.frames.map((f) => ({ x: f.x, y: f.y }));
  const stitch = planStitch(g, plan, actual, scale, limits);
  const R = g.scroller;
  const label = (frameX: number, frameY: number, vx: number, vy: number) => {
    if (vx >= R.x && vx < R.x + R.width && vy >= R.y && vy < R.y + R.height) {
      return `c${Math.floor(frameX + vx - R.x)},${Math.floor(frameY + vy - R.y)}`;
    }
    return `o${Math.floor(vx)},${Math.floor(vy)}`;
  };
  const tile = (i: number, X: number, Y: number) => label(actual[i].x, actual[i].y, X / scale, Y / scale);
  const out: string[][] = Array.from({ length: stitch.height }, () => Array(stitch.width).fill(''));
  for (const part of stitch.parts) {
    for (const d of part.draws) {
      for (let y = 0; y < d.sh; y++) {
        for (let x = 0; x < d.sw; x++) out[part.y + d.dy + y][part.x + d.dx + x] = tile(d.tile, d.sx + x, d.sy + y);
      }
    }
  }
  return { stitch, out, plan };
}

function expectedLabel(g: Geo, cssX: number, cssY: number): string | null {
  const R = g.scroller;
  const dW = g.contentWidth - R.width;
  const dH = g.contentHeight - R.height;
  const inCols = cssX >= R.x && cssX < R.x + g.contentWidth;
  const inRows = cssY >= R.y && cssY < R.y + g.contentHeight;
  if (inCols && inRows) return `c${Math.floor(cssX - R.x)},${Math.floor(cssY - R.y)}`;
  // Regions beside the stretched scroller map back to the first frame's viewport.
  const vx = cssX < R.x ? cssX : cssX >= R.x + g.contentWidth ? cssX - dW : null;
  const vy = cssY < R.y ? cssY : cssY >= R.y + g.contentHeight ? cssY - dH : null;
  if (inRows && vx !== null) return null; // beside the scroller below the first frame: left blank
  if (inCols && vy !== null) return vx === null && cssX >= R.x + R.width ? null : `o${Math.floor(cssX)},${Math.floor(vy)}`;
  if (vx !== null && vy !== null) return `o${Math.floor(vx)},${Math.floor(vy)}`;
  return null;
}

describe('planFrames', () => {
  it('covers the content in row-major frames, the last one scrolled to the end', () => {
    const p = planFrames({ scroller: { x: 0, y: 0, width: 100, height: 50 }, contentWidth: 250, contentHeight: 120 });
    expect(p.colEdges).toEqual([0, 100, 200, 250]);
    expect(p.rowEdges).toEqual([0, 50, 100, 120]);
    expect(p.frames.map((f) => [f.x, f.y])).toEqual([
      [0, 0], [100, 0], [150, 0],
      [0, 50], [100, 50], [150, 50],
      [0, 70], [100, 70], [150, 70],
    ]);
  });
  it('truncates very long pages', () => {
    const p = planFrames({ scroller: { x: 0, y: 0, width: 100, height: 10 }, contentWidth: 100, contentHeight: 1000 }, 20);
    expect(p.frames).toHaveLength(20);
    expect(p.truncated).toBe(true);
  });
});

describe('planSplit', () => {
  it('keeps a small image whole', () => {
    expect(planSplit(1280, 8000)).toEqual([{ x: 0, y: 0, width: 1280, height: 8000 }]);
  });
  it('splits by area into equal parts that each fit', () => {
    const parts = planSplit(10_000, 60_000);
    expect(parts.length).toBe(3);
    for (const p of parts) expect(fitsCanvas(p.width, p.height)).toBe(true);
    expect(parts.reduce((s, p) => s + p.height, 0)).toBe(60_000);
  });
  it('splits by side and width', () => {
    const parts = planSplit(70_000, 100, { maxSide: 65_535, maxArea: 268_435_456 });
    expect(parts.map((p) => p.width)).toEqual([35_000, 35_000]);
  });
  it('always yields parts inside the limits that tile the image', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200_000 }), fc.integer({ min: 1, max: 2_000_000 }), (w, h) => {
        const parts = planSplit(w, h);
        let area = 0;
        for (const p of parts) {
          expect(fitsCanvas(p.width, p.height)).toBe(true);
          area += p.width * p.height;
        }
        expect(area).toBe(w * h);
      }),
    );
  });
});

describe('planStitch', () => {
  const cases: Array<[string, Geo, number]> = [
    ['document scroll, DPR 1', { viewportWidth: 40, viewportHeight: 30, scroller: { x: 0, y: 0, width: 40, height: 30 }, contentWidth: 40, contentHeight: 95 }, 1],
    ['document scroll, DPR 2, horizontal overflow', { viewportWidth: 40, viewportHeight: 30, scroller: { x: 0, y: 0, width: 40, height: 30 }, contentWidth: 70, contentHeight: 65 }, 2],
    ['inner scroller with header and sidebar', { viewportWidth: 50, viewportHeight: 40, scroller: { x: 10, y: 8, width: 36, height: 28 }, contentWidth: 36, contentHeight: 100 }, 1],
    ['inner scroller, DPR 2', { viewportWidth: 50, viewportHeight: 40, scroller: { x: 10, y: 8, width: 36, height: 28 }, contentWidth: 36, contentHeight: 61 }, 2],
  ];
  it.each(cases)('%s: every output pixel comes from the right place', (_name, g, scale) => {
    const { stitch, out } = simulate(g, scale);
    expect(stitch.width).toBe(Math.round((g.viewportWidth + g.contentWidth - g.scroller.width) * scale));
    for (let Y = 0; Y < stitch.height; Y++) {
      for (let X = 0; X < stitch.width; X++) {
        const want = expectedLabel(g, X / scale, Y / scale);
        if (want !== null) expect(out[Y][X], `pixel ${X},${Y}`).toBe(want);
      }
    }
  });

  it('splits the plan into parts whose draws stay inside each part', () => {
    const g: Geo = { viewportWidth: 40, viewportHeight: 30, scroller: { x: 0, y: 0, width: 40, height: 30 }, contentWidth: 40, contentHeight: 300 };
    const { stitch, out } = simulate(g, 2, { maxSide: 250, maxArea: 1_000_000 });
    expect(stitch.parts.length).toBe(3);
    assertDrawsInside(stitch);
    for (let Y = 0; Y < stitch.height; Y++) expect(out[Y][5]).toBe(`c2,${Math.floor(Y / 2)}`);
  });

  it('clips a frame that did not reach its planned position', () => {
    const g: Geo = { viewportWidth: 40, viewportHeight: 30, scroller: { x: 0, y: 0, width: 40, height: 30 }, contentWidth: 40, contentHeight: 90 };
    const plan = planFrames(g);
    const actual = plan.frames.map((f) => ({ x: f.x, y: f.y }));
    actual[2] = { x: 0, y: 45 }; // page shrank: the last frame stopped short
    const stitch = planStitch(g, plan, actual, 1);
    const last = stitch.parts[0].draws.filter((d) => d.tile === 2);
    expect(last).toEqual([{ tile: 2, sx: 0, sy: 15, sw: 40, sh: 15, dx: 0, dy: 60 }]);
  });
});

function assertDrawsInside(stitch: StitchPlan) {
  for (const p of stitch.parts) {
    for (const d of p.draws) {
      expect(d.dx).toBeGreaterThanOrEqual(0);
      expect(d.dy).toBeGreaterThanOrEqual(0);
      expect(d.dx + d.sw).toBeLessThanOrEqual(p.width);
      expect(d.dy + d.sh).toBeLessThanOrEqual(p.height);
    }
  }
}
