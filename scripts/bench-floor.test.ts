import { describe, expect, it } from 'vitest';
import { median, summariseAlternations } from './bench-floor';

describe('bench:api floor alternations', () => {
  it('median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });
  it('a cold first floor run does not decide the ratio', () => {
    const s = summariseAlternations([
      { floorCpuMs: 2.55, routeCpuMs: 1.5 }, // the cold run the issue saw
      { floorCpuMs: 1.0, routeCpuMs: 1.4 },
      { floorCpuMs: 1.1, routeCpuMs: 1.45 },
    ]);
    expect(s.floorCpuMs).toBe(1.1);
    expect(s.routeCpuMs).toBe(1.45);
    expect(s.ratio).toBeCloseTo(1.318, 3);
  });
});
