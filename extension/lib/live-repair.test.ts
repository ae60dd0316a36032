import { expect, it } from 'vitest';
import { liveRepair, type Draw } from './live-repair';

const cell = (tile: number, dy: number, sh: number, sy = 0): Draw => ({ tile, sx: 0, sy, sw: 100, sh, dx: 0, dy });

it('has nothing to do when the live draws are the final plan’s', () => {
  const plan = [cell(0, 0, 150), cell(1, 150, 150)];
  expect(liveRepair(plan, [...plan].reverse())).toEqual({ clear: [], redraw: [] });
});

it('clears and draws again only the cells the page’s end moved, and the ones they overlapped', () => {
  // Live, the last frame was expected to start at row 300; it landed a row lower, the image a row shorter.
  const live = [cell(0, 0, 150), cell(1, 150, 150), cell(2, 300, 150), cell(3, 450, 151)];
  const final = [cell(0, 0, 150), cell(1, 150, 150), cell(2, 300, 151), cell(3, 451, 149, 2)];
  const { clear, redraw } = liveRepair(live, final);
  expect(clear).toEqual([{ x: 0, y: 300, width: 100, height: 150 }, { x: 0, y: 450, width: 100, height: 151 }]);
  expect(redraw).toEqual([cell(2, 300, 151), cell(3, 451, 149, 2)]);
});

it('draws again an unchanged cell that a stale live draw painted over', () => {
  const live = [cell(0, 0, 150), cell(1, 140, 160)]; // the stale draw reached into cell 0's rows
  const final = [cell(0, 0, 150), cell(1, 150, 150, 10)];
  expect(liveRepair(live, final).redraw).toEqual(final);
});
