import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS } from '#shared/domain/image-limits';
import { stripHeights } from './library-upload';

describe('stripHeights', () => {
  it('leaves an image within the limit whole', () => {
    expect(stripHeights(1280, 32_000)).toEqual([32_000]);
    expect(stripHeights(10, 10, 100)).toEqual([10]);
  });
  it('cuts a taller one into as few, nearly equal strips as fit', () => {
    const h = stripHeights(2560, 64_000);
    expect(h).toEqual([32_000, 32_000]);
    for (const [w, total] of [[2560, 65_535], [3840, 65_000], [1, 10]] as const) {
      const strips = stripHeights(w, total, w === 1 ? 3 : MAX_IMAGE_PIXELS);
      expect(strips.reduce((a, b) => a + b, 0)).toBe(total);
      for (const s of strips) expect(s * w).toBeLessThanOrEqual(w === 1 ? 3 : MAX_IMAGE_PIXELS);
    }
  });
});
