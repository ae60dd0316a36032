import { describe, expect, it } from 'vitest';
import { dataUrlToBytes, pngSizeOfDataUrl, readPngSize } from './png-size';

// A 3×2 PNG.
const PNG_3x2 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAEUlEQVR4nGP4z8DwHwYYcDMAcrwL9SGbBe0AAAAASUVORK5CYII=';

describe('png-size', () => {
  it('reads IHDR size from a data URL', () => {
    const { mime, bytes } = dataUrlToBytes(PNG_3x2);
    expect(mime).toBe('image/png');
    expect(readPngSize(bytes)).toEqual({ width: 3, height: 2 });
  });
  it('reads the size from the head of a data URL alone', () => {
    expect(pngSizeOfDataUrl(PNG_3x2)).toEqual({ width: 3, height: 2 });
  });
  it('rejects non-PNG bytes', () => {
    expect(() => readPngSize(new Uint8Array(30))).toThrow('Not a PNG');
  });
});
