/** Premium edits, kept as a list of operations so they can be undone, redone and saved. */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type EditOp =
  | { kind: 'crop'; rect: Box }
  | { kind: 'blur'; rect: Box }
  | { kind: 'highlight'; rect: Box }
  | { kind: 'text'; x: number; y: number; text: string; size: number; color: string }
  | { kind: 'stamp'; url: string; date: string };

export interface Size {
  width: number;
  height: number;
}

/** Clamps a box to the image and rounds it to whole pixels; null when nothing is left. */
export function clampBox(b: Box, size: Size): Box | null {
  const x0 = Math.max(0, Math.round(Math.min(b.x, b.x + b.width)));
  const y0 = Math.max(0, Math.round(Math.min(b.y, b.y + b.height)));
  const x1 = Math.min(size.width, Math.round(Math.max(b.x, b.x + b.width)));
  const y1 = Math.min(size.height, Math.round(Math.max(b.y, b.y + b.height)));
  if (x1 - x0 < 1 || y1 - y0 < 1) return null;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Image size after applying `ops` in order (only crops change it). */
export function sizeAfter(base: Size, ops: readonly EditOp[]): Size {
  let size = base;
  for (const op of ops) {
    if (op.kind === 'crop') {
      const b = clampBox(op.rect, size);
      if (b) size = { width: b.width, height: b.height };
    }
  }
  return size;
}

/** Undo/redo over a list of operations. */
export class EditHistory {
  private ops: EditOp[];
  private undone: EditOp[] = [];

  constructor(initial: readonly EditOp[] = []) {
    this.ops = [...initial];
  }

  get current(): readonly EditOp[] {
    return this.ops;
  }

  get canUndo(): boolean {
    return this.ops.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  push(op: EditOp): void {
    this.ops.push(op);
    this.undone = []; // a new edit ends the redo branch
  }

  undo(): EditOp | undefined {
    const op = this.ops.pop();
    if (op) this.undone.push(op);
    return op;
  }

  redo(): EditOp | undefined {
    const op = this.undone.pop();
    if (op) this.ops.push(op);
    return op;
  }
}

/** The text of the URL and date stamp. */
export function stampText(op: Extract<EditOp, { kind: 'stamp' }>): string {
  return `${op.url} — ${op.date}`;
}
