import { describe, expect, it } from 'vitest';
import type { PartPlan } from '../capture/stitch-plan';
import { shownSize } from './capture-store';

const part = (width: number, height: number): PartPlan => ({ x: 0, y: 0, width, height, draws: [] });

describe('shownSize', () => {
  it('is the captured size without edits, and the cropped size after a crop', () => {
    const c = { parts: [part(1280, 4000)] };
    expect(shownSize(c)).toEqual({ width: 1280, height: 4000 });
    expect(shownSize({ ...c, edits: { 0: [{ kind: 'crop', rect: { x: 0, y: 300, width: 640, height: 1000 } }] } })).toEqual({ width: 640, height: 1000 });
  });
  it('follows crops in order, ignores other edits, and reads the asked part', () => {
    const edits = {
      1: [
        { kind: 'blur' as const, rect: { x: 0, y: 0, width: 10, height: 10 } },
        { kind: 'crop' as const, rect: { x: 100, y: 100, width: 500, height: 500 } },
        { kind: 'crop' as const, rect: { x: 0, y: 0, width: 9999, height: 200 } },
      ],
    };
    const c = { parts: [part(1280, 60000), part(1280, 20000)], edits };
    expect(shownSize(c, 0)).toEqual({ width: 1280, height: 60000 });
    expect(shownSize(c, 1)).toEqual({ width: 500, height: 200 });
  });
});
