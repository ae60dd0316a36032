import { describe, expect, it } from 'vitest';
import { clampBox, EditHistory, sizeAfter, type EditOp } from './edit-ops';

describe('edit ops', () => {
  it('clamps and normalises boxes drawn in any direction', () => {
    expect(clampBox({ x: 50, y: 50, width: -20, height: -10 }, { width: 100, height: 100 })).toEqual({ x: 30, y: 40, width: 20, height: 10 });
    expect(clampBox({ x: 90, y: 90, width: 50, height: 50 }, { width: 100, height: 100 })).toEqual({ x: 90, y: 90, width: 10, height: 10 });
    expect(clampBox({ x: 200, y: 0, width: 5, height: 5 }, { width: 100, height: 100 })).toBeNull();
  });

  it('tracks size through successive crops', () => {
    const ops: EditOp[] = [
      { kind: 'crop', rect: { x: 10, y: 10, width: 500, height: 300 } },
      { kind: 'highlight', rect: { x: 0, y: 0, width: 5, height: 5 } },
      { kind: 'crop', rect: { x: 0, y: 0, width: 100, height: 1000 } },
    ];
    expect(sizeAfter({ width: 200, height: 400 }, ops)).toEqual({ width: 100, height: 300 });
  });

  it('undoes and redoes, and a new edit clears redo', () => {
    const h = new EditHistory();
    const a: EditOp = { kind: 'blur', rect: { x: 0, y: 0, width: 1, height: 1 } };
    const b: EditOp = { kind: 'text', x: 1, y: 1, text: 'hi', size: 20, color: '#f00' };
    h.push(a);
    h.push(b);
    expect(h.undo()).toBe(b);
    expect(h.current).toEqual([a]);
    expect(h.canRedo).toBe(true);
    expect(h.redo()).toBe(b);
    h.undo();
    h.push({ kind: 'stamp', url: 'u', date: 'd' });
    expect(h.canRedo).toBe(false);
    expect(h.current.map((o) => o.kind)).toEqual(['blur', 'stamp']);
  });
});
