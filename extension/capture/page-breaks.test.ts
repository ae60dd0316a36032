import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainBreaks, smartBreaks, uniformRows } from './page-breaks';

describe('uniformRows', () => {
  it('flags rows of one colour', () => {
    const w = 3;
    const data = new Uint8ClampedArray([
      255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, // white row
      255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255, // text
      10, 20, 30, 255, 12, 20, 30, 255, 10, 22, 30, 255, // near-uniform
    ]);
    expect([...uniformRows(data, w, 3)]).toEqual([1, 0, 1]);
  });
});

describe('page breaks', () => {
  it('plain breaks cut every page height', () => {
    expect(plainBreaks(250, 100)).toEqual([100, 200, 250]);
    expect(plainBreaks(200, 100)).toEqual([100, 200]);
  });

  it('smart breaks move a cut up to a gap between text lines', () => {
    // Text lines of 10 rows with 4-row gaps: rows y where (y % 14) >= 10 are uniform.
    const rows = Array.from({ length: 300 }, (_, y) => (y % 14 >= 10 ? 1 : 0));
    const cuts = smartBreaks(rows.length, 100, (y) => rows[y] === 1);
    for (const c of cuts.slice(0, -1)) {
      expect(rows[c - 1] && rows[c]).toBeTruthy();
    }
    expect(cuts[cuts.length - 1]).toBe(300);
  });

  it('falls back to the plain cut when no gap is near', () => {
    const rows = new Array(250).fill(0);
    expect(smartBreaks(rows.length, 100, (y) => rows[y] === 1)).toEqual([100, 200, 250]);
  });

  it('never makes a page taller than the page height and always ends at the bottom', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 1, maxLength: 2000 }), fc.integer({ min: 4, max: 500 }), (rows, h) => {
        const cuts = smartBreaks(rows.length, h, (y) => rows[y] === 1);
        let prev = 0;
        for (const c of cuts) {
          expect(c - prev).toBeGreaterThan(0);
          expect(c - prev).toBeLessThanOrEqual(h);
          prev = c;
        }
        expect(prev).toBe(rows.length);
      }),
    );
  });
});
