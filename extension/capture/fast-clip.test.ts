import { describe, expect, it } from 'vitest';
import { toDevice } from './device-scale';
import { cssClip, wholeCssClip } from './fast-clip';

describe('cssClip', () => {
  it('gives a whole page in whole CSS px when they round to its device size (1,603 × 8,938 at 1.25)', () => {
    expect(cssClip({ x: 0, y: 0, width: 1603, height: 8938 }, 1.25)).toEqual({ x: 0, y: 0, width: 1282, height: 7150 });
    expect(cssClip({ x: 0, y: 0, width: 1920, height: 10727 }, 1.5)).toEqual({ x: 0, y: 0, width: 1280, height: 7151 });
    expect(cssClip({ x: 0, y: 0, width: 2558, height: 14300 }, 2)).toEqual({ x: 0, y: 0, width: 1279, height: 7150 });
  });

  it('keeps an edge exact where no whole CSS px gives its device row', () => {
    // 1,602 px at 1.25 is 1,281.6 CSS px: 1,281 and 1,282 give 1,601 and 1,603.
    expect(cssClip({ x: 0, y: 0, width: 1602, height: 8000 }, 1.25)).toEqual({ x: 0, y: 0, width: 1281.6, height: 6400 });
  });

  it('a split part starting on a whole CSS px is whole; one starting between them stays exact', () => {
    expect(cssClip({ x: 0, y: 4000, width: 1603, height: 4938 }, 1.25)).toEqual({ x: 0, y: 3200, width: 1282, height: 3950 });
    const c = cssClip({ x: 0, y: 4001, width: 1603, height: 4937 }, 1.25);
    expect(c.y).toBeCloseTo(3200.8, 9);
    expect(c.height).toBeCloseTo(4937 / 1.25, 9);
  });

  it('maps back to the same device rows, for any part at common scales', () => {
    for (const dpr of [1, 1.1, 1.25, 1.5, 1.75, 1.8, 2, 2.5]) {
      for (let y = 0; y < 400; y += 7) {
        for (const h of [1, 99, 1000, 1001]) {
          const c = cssClip({ x: 0, y, width: 1603, height: h }, dpr);
          expect(toDevice(c.y, dpr), `y ${y} at ${dpr}`).toBe(y);
          expect(toDevice(c.y + c.height, dpr), `end ${y + h} at ${dpr}`).toBe(y + h);
        }
      }
    }
  });
});

describe('wholeCssClip (Firefox captureTab)', () => {
  it('a part that starts and ends on whole CSS px is its own rect, at offset 0', () => {
    expect(wholeCssClip({ x: 0, y: 2946, width: 2536, height: 1472 }, 2)).toEqual({ clip: { x: 0, y: 1473, width: 1268, height: 736 }, offset: { x: 0, y: 0 } });
  });

  it('a part between CSS px gets the whole CSS px around it and where it starts in that image', () => {
    // Rows 1,473 to 2,946 at DPR 2: CSS 736.5 to 1,473 → rect 736 to 1,473, the part one row down.
    expect(wholeCssClip({ x: 0, y: 1473, width: 2536, height: 1473 }, 2)).toEqual({ clip: { x: 0, y: 736, width: 1268, height: 737 }, offset: { x: 0, y: 1 } });
    // At 1.25, rows 4,001 to 8,938: CSS 3,200.8 to 7,150.4 → 3,200 to 7,151, the part a row down.
    expect(wholeCssClip({ x: 0, y: 4001, width: 1603, height: 4937 }, 1.25)).toEqual({ clip: { x: 0, y: 3200, width: 1283, height: 3951 }, offset: { x: 0, y: 1 } });
  });
});
