import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coveringStep, measureScale, toDevice } from './device-scale';
import { cropStitch, planAreaFrames, planAreaStitch, planViewCrop, insideBox } from './area-plan';
import { CHROME_CANVAS_LIMITS } from './split-planner';
import { deviceViewport, type StitchGeometry } from './stitch-plan';

/** A document 1280 × 800 CSS px on screen, `height` tall. */
const doc = (height: number, width = 1280): StitchGeometry => ({
  innerWidth: 1280,
  innerHeight: 800,
  viewportWidth: 1280,
  viewportHeight: 800,
  scroller: { x: 0, y: 0, width: 1280, height: 800 },
  contentWidth: width,
  contentHeight: height,
});

describe('planAreaFrames', () => {
  it('keeps the whole page grid for an area that starts on the first screen: its first frame is frame 0', () => {
    const plan = planAreaFrames(doc(8100), { x: 100, y: 30, width: 300, height: 1500 })!;
    expect(plan.colEdges).toEqual([100, 400]);
    expect(plan.rowEdges).toEqual([30, 800, 1530]);
    expect(plan.frames.map((f) => [f.x, f.y])).toEqual([[0, 0], [0, 800]]);
  });

  it('starts the grid at the area further down: the fewest frames', () => {
    const plan = planAreaFrames(doc(8100), { x: 0, y: 2000, width: 1280, height: 1000 })!;
    expect(plan.rowEdges).toEqual([2000, 2800, 3000]);
    expect(plan.frames.map((f) => f.y)).toEqual([2000, 2800]);
  });

  it('asks 1 px past the end for a cell the page cannot scroll to its top', () => {
    const plan = planAreaFrames(doc(8100), { x: 0, y: 7500, width: 500, height: 600 })!;
    expect(plan.rowEdges).toEqual([7500, 8100]);
    expect(plan.frames.map((f) => f.y)).toEqual([7301]);
  });

  it('covers an inner pane unrolled: its whole content, frames down the pane from 0', () => {
    const g = { scroller: { x: 200, y: 80, width: 1080, height: 720 }, contentWidth: 1080, contentHeight: 4500 };
    const plan = planAreaFrames(g, { x: 200, y: 80, width: 1080, height: 4500 })!;
    expect(plan.colEdges).toEqual([0, 1080]);
    expect(plan.rowEdges).toEqual([0, 720, 1440, 2160, 2880, 3600, 4320, 4500]);
    expect(plan.frames.map((f) => f.y)).toEqual([0, 720, 1440, 2160, 2880, 3600, 3781]);
  });

  it('cuts the rect to the content, and gives nothing for a rect outside it', () => {
    expect(planAreaFrames(doc(1000), { x: -20, y: 900, width: 200, height: 500 })!.rowEdges).toEqual([900, 1000]);
    expect(planAreaFrames(doc(1000), { x: 0, y: 1200, width: 200, height: 500 })).toBeNull();
  });

  it('frames columns too, on a page wider than the viewport', () => {
    const plan = planAreaFrames(doc(800, 3000), { x: 1000, y: 0, width: 1500, height: 300 })!;
    expect(plan.colEdges).toEqual([1000, 1280, 2500]);
    expect(plan.frames.map((f) => f.x)).toEqual([0, 1280]);
  });

  it('caps the frames, and says so', () => {
    const plan = planAreaFrames(doc(800 * 500), { x: 0, y: 0, width: 1280, height: 800 * 500 }, undefined, 10)!;
    expect(plan.frames).toHaveLength(10);
    expect(plan.truncated).toBe(true);
  });
});

describe('planAreaStitch', () => {
  it('is the part of the whole page under the area: each frame gives its cell, cropped', () => {
    const g = doc(8100);
    const plan = planAreaFrames(g, { x: 100, y: 30, width: 300, height: 1500 })!;
    const scale = measureScale({ ...g, devicePixelRatio: 1 }, { width: 1280, height: 800 });
    const stitch = planAreaStitch(g, plan, [{ x: 0, y: 0 }, { x: 0, y: 800 }], scale, CHROME_CANVAS_LIMITS);
    expect([stitch.width, stitch.height]).toEqual([300, 1500]);
    expect(stitch.parts).toEqual([
      {
        x: 0, y: 0, width: 300, height: 1500,
        draws: [
          { tile: 0, sx: 100, sy: 30, sw: 300, sh: 770, dx: 0, dy: 0 },
          { tile: 1, sx: 100, sy: 0, sw: 300, sh: 730, dx: 0, dy: 770 },
        ],
      },
    ]);
  });

  it('draws every device pixel of the area once, from a frame that shows it, at any scale', () => {
    // Chrome's model: a scroll to CSS y lands on device row round(y × dpr), clamped to the end;
    // scrollY reports that row ÷ dpr as a float32. Content device row R shows at bitmap row R − landed.
    fc.assert(
      fc.property(
        fc.constantFrom(1, 1.1, 1.25, 1.5, 2),
        fc.integer({ min: 0, max: 4000 }),
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 280 }),
        (dpr, y, h, x, w) => {
          const frameW = Math.round(1280 * dpr);
          const frameH = Math.round(800 * dpr);
          const contentH = Math.round(5000 * dpr);
          const g: StitchGeometry = { ...doc(Math.round(contentH / dpr)), innerWidth: Math.round(frameW / dpr), innerHeight: Math.round(frameH / dpr), viewportWidth: Math.round(frameW / dpr), viewportHeight: Math.round(frameH / dpr), scroller: { x: 0, y: 0, width: Math.round(frameW / dpr), height: Math.round(frameH / dpr) } };
          const scale = measureScale({ ...g, devicePixelRatio: dpr }, { width: frameW, height: frameH });
          const view = deviceViewport(g, scale).scroller;
          const rect = { x, y, width: w, height: Math.min(h, g.contentHeight - y) };
          const plan = planAreaFrames(g, rect, { x: coveringStep(view.width, scale.dpr), y: coveringStep(view.height, scale.dpr) })!;
          const landed = plan.frames.map((f) => Math.min(Math.max(0, toDevice(f.y, dpr)), contentH - frameH));
          const actual = landed.map((d) => ({ x: 0, y: Math.fround(d / dpr) }));
          const stitch = planAreaStitch(g, plan, actual, scale, CHROME_CANVAS_LIMITS);
          const top = toDevice(rect.y, dpr);
          const left = toDevice(rect.x, dpr);
          expect(stitch.height).toBe(Math.min(toDevice(rect.y + rect.height, dpr), contentH) - top);
          expect(stitch.width).toBe(toDevice(rect.x + rect.width, dpr) - left);
          let area = 0;
          for (const part of stitch.parts) {
            for (const d of part.draws) {
              // Image row Y is content row top + Y; frame `tile` shows it at bitmap row (top + Y) − landed.
              expect(d.sy, `draw from frame ${d.tile}`).toBe(top + part.y + d.dy - landed[d.tile]);
              expect(d.sx).toBe(left + part.x + d.dx);
              expect(d.sy >= 0 && d.sy + d.sh <= frameH).toBe(true);
              area += d.sw * d.sh;
            }
          }
          expect(area).toBe(stitch.width * stitch.height);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('planViewCrop and cropStitch', () => {
  it('cuts one frame to the area on screen, in device px, without scrollbars', () => {
    const g: StitchGeometry = { ...doc(3000), innerWidth: 1295, viewportWidth: 1280 };
    const scale = measureScale({ ...g, devicePixelRatio: 2 }, { width: 2590, height: 1600 });
    const crop = planViewCrop(g, scale, { x: 1200.5, y: 10.25, width: 200, height: 50 }, CHROME_CANVAS_LIMITS);
    expect([crop.width, crop.height, crop.dpr]).toEqual([2560 - 2401, 100, 2]);
    expect(crop.parts[0].draws).toEqual([{ tile: 0, sx: 2401, sy: 21, sw: 159, sh: 100, dx: 0, dy: 0 }]);
  });

  it('splits a crop by the canvas limits, every part drawn from the same pixels', () => {
    const stitch = { width: 100, height: 1000, dpr: 1, parts: [{ x: 0, y: 0, width: 100, height: 1000, draws: [{ tile: 0, sx: 0, sy: 0, sw: 100, sh: 1000, dx: 0, dy: 0 }] }] };
    const crop = cropStitch(stitch, { x: 10, y: 100, width: 50, height: 600 }, { maxSide: 400, maxArea: 50 * 250 });
    expect(crop.parts.map((p) => [p.y, p.height])).toEqual([[0, 200], [200, 200], [400, 200]]);
    expect(crop.parts.map((p) => p.draws)).toEqual([
      [{ tile: 0, sx: 10, sy: 100, sw: 50, sh: 200, dx: 0, dy: 0 }],
      [{ tile: 0, sx: 10, sy: 300, sw: 50, sh: 200, dx: 0, dy: 0 }],
      [{ tile: 0, sx: 10, sy: 500, sw: 50, sh: 200, dx: 0, dy: 0 }],
    ]);
  });
});

describe('insideBox', () => {
  it('is true only when all of the selection is in the box', () => {
    const viewport = { x: 0, y: 0, width: 1280, height: 800 };
    expect(insideBox({ x: 10, y: 10, width: 100, height: 700 }, viewport)).toBe(true);
    expect(insideBox({ x: 10, y: 10, width: 100, height: 800 }, viewport)).toBe(false);
    expect(insideBox({ x: 10, y: -10, width: 100, height: 100 }, viewport)).toBe(false);
    expect(insideBox({ x: 0.2, y: 0.3, width: 1280, height: 799.6 }, viewport)).toBe(true);
    // Inside the viewport, but partly scrolled out of the pane that clips it.
    expect(insideBox({ x: 300, y: 60, width: 100, height: 100 }, { x: 200, y: 80, width: 1080, height: 720 })).toBe(false);
  });
});
