import { describe, expect, it } from 'vitest';
import { thumbnailSize } from './image-thumbnail';

describe('thumbnailSize', () => {
  it('is at most 480 wide, never enlarged, and cut at 640 from the top', () => {
    expect(thumbnailSize(2560, 57_040)).toEqual({ width: 480, height: 640 });
    expect(thumbnailSize(800, 1600)).toEqual({ width: 480, height: 640 });
    expect(thumbnailSize(1280, 800)).toEqual({ width: 480, height: 300 });
    expect(thumbnailSize(300, 200)).toEqual({ width: 300, height: 200 });
  });
  it('keeps a sliver at least 1 px tall, rounding as the server resizes', () => {
    expect(thumbnailSize(10_000, 1)).toEqual({ width: 480, height: 1 });
    expect(thumbnailSize(1000, 1001)).toEqual({ width: 480, height: 480 });
    expect(thumbnailSize(1000, 1002)).toEqual({ width: 480, height: 481 });
  });
});
