import { describe, expect, it } from 'vitest';
import { coversCell, planFrames } from './frame-plan';

describe('coversCell', () => {
  const g = { scroller: { x: 0, y: 0, width: 100, height: 50 }, contentWidth: 100, contentHeight: 120 };
  const view = { width: 200, height: 100 }; // DPR 2

  it('keeps frames that landed on their cell, the last one at the true end', () => {
    const plan = planFrames(g);
    expect(plan.frames.map((f) => coversCell(plan, f, { x: f.x, y: f.y }, view, 2))).toEqual([true, true, true]);
    // The last frame asked for 71 and the browser stopped at 70: still the end.
    expect(coversCell(plan, plan.frames[2], { x: 0, y: 70 }, view, 2)).toBe(true);
  });

  it('takes again a frame that sits below its cell (a gap) or short of its bottom', () => {
    const plan = planFrames(g);
    expect(coversCell(plan, plan.frames[1], { x: 0, y: 50.5 }, view, 2)).toBe(false);
    // Frames are exactly a viewport apart: half a CSS px higher misses the cell's last row.
    expect(coversCell(plan, plan.frames[1], { x: 0, y: 49.5 }, view, 2)).toBe(false);
    expect(coversCell(plan, plan.frames[2], { x: 0, y: 40 }, view, 2)).toBe(false);
  });

  it('after the page grew, the frame taken at the old end no longer covers its cell', () => {
    const before = planFrames(g);
    const last = before.frames[2]; // at 71, the old end
    const after = planFrames({ ...g, contentHeight: 300 });
    expect(after.frames[2].y).toBe(100);
    expect(coversCell(after, after.frames[2], { x: 0, y: last.y }, view, 2)).toBe(false);
    // Frames above it keep their cells.
    expect(coversCell(after, after.frames[1], { x: 0, y: 50 }, view, 2)).toBe(true);
  });

  it('works in device rows at a fractional scale (1.8: zoom 90 % at DPR 2)', () => {
    const dpr = 1.8;
    const step = 1378 / dpr; // one pane of device rows
    const plan = planFrames({ scroller: { x: 0, y: 0, width: 1000, height: step }, contentWidth: 1000, contentHeight: 5000 }, 400, { x: 1000, y: step });
    for (const f of plan.frames) expect(coversCell(plan, f, { x: f.x, y: Math.fround(Math.round(f.y * dpr) / dpr) }, { width: 1800, height: 1378 }, dpr), `frame ${f.index}`).toBe(true);
    // One device row further down leaves a row out.
    expect(coversCell(plan, plan.frames[1], { x: 0, y: (1378 + 1) / dpr }, { width: 1800, height: 1378 }, dpr)).toBe(false);
  });
});
