import { describe, expect, it } from 'vitest';
import { planVisible } from './visible-plan';
import { CHROME_CANVAS_LIMITS } from './split-planner';

const view = { innerWidth: 1280, innerHeight: 800, clientWidth: 1280, clientHeight: 800, devicePixelRatio: 1 };

describe('visible part plan', () => {
  it('is the bitmap, one part drawn whole from the only frame', () => {
    expect(planVisible(view, { width: 1280, height: 800 }, CHROME_CANVAS_LIMITS)).toEqual({
      width: 1280,
      height: 800,
      dpr: 1,
      parts: [{ x: 0, y: 0, width: 1280, height: 800, draws: [{ tile: 0, sx: 0, sy: 0, sw: 1280, sh: 800, dx: 0, dy: 0 }] }],
    });
  });

  it('leaves the scrollbars out, in device pixels at the tab DPR', () => {
    const p = planVisible({ innerWidth: 1279, innerHeight: 797, clientWidth: 1264, clientHeight: 782, devicePixelRatio: 1.25 }, { width: 1599, height: 996 }, CHROME_CANVAS_LIMITS);
    expect(p.dpr).toBe(1.25);
    expect([p.width, p.height]).toEqual([1580, 978]);
  });

  it('trusts the bitmap when devicePixelRatio disagrees with it', () => {
    const p = planVisible({ ...view, devicePixelRatio: 1 }, { width: 2560, height: 1600 }, CHROME_CANVAS_LIMITS);
    expect(p.dpr).toBe(2);
    expect([p.width, p.height]).toEqual([2560, 1600]);
  });

  it('follows the split rules when the canvas limits are lower than a viewport', () => {
    const p = planVisible(view, { width: 1280, height: 800 }, { maxSide: 4000, maxArea: 1280 * 300 });
    expect(p.parts.map((x) => [x.y, x.height])).toEqual([[0, 267], [267, 266], [533, 267]]);
    expect(p.parts[1].draws).toEqual([{ tile: 0, sx: 0, sy: 267, sw: 1280, sh: 266, dx: 0, dy: 0 }]);
  });
});
