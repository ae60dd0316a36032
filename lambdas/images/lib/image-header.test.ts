import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stillPngSize, stillWebpSize } from './image-header';

/** The hand-read headers agree with sharp on what they accept, and refuse what they cannot tell. */
const made = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 100, b: 50, alpha: 0.5 } } });

describe('stillWebpSize', () => {
  it('reads lossy, lossless and VP8X (alpha) WebPs as sharp does', async () => {
    for (const bytes of [
      await made(480, 640).webp({ quality: 78 }).toBuffer(),
      await made(321, 17).webp({ lossless: true }).toBuffer(),
      await made(480, 333, 4).webp({ quality: 78 }).toBuffer(),
    ]) {
      const meta = await sharp(bytes).metadata();
      expect(stillWebpSize(bytes)).toEqual({ width: meta.width, height: meta.height });
    }
  });
  it('refuses other formats, truncated or padded files', async () => {
    const webp = await made(480, 640).webp().toBuffer();
    expect(stillWebpSize(await made(480, 640).png().toBuffer())).toBeNull();
    expect(stillWebpSize(webp.subarray(0, webp.length - 10))).toBeNull();
    expect(stillWebpSize(Buffer.concat([webp, Buffer.alloc(4)]))).toBeNull();
    expect(stillWebpSize(Buffer.from('RIFF\0\0\0\0WEBPVP8 not really'))).toBeNull();
  });
});

describe('stillPngSize', () => {
  it('reads the IHDR from the start of the file, up to the first IDAT', async () => {
    const png = await made(2560, 3000).png().toBuffer();
    expect(stillPngSize(png.subarray(0, 64 * 1024))).toEqual({ width: 2560, height: 3000 });
    expect(stillPngSize(png.subarray(0, 20))).toBeNull();
  });
  it('leaves to sharp what it cannot tell: other formats, a PNG turned by eXIf', async () => {
    expect(stillPngSize(await made(10, 10).jpeg().toBuffer())).toBeNull();
    const turned = await made(10, 20).png().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(turned).metadata()).orientation).toBe(6);
    expect(stillPngSize(turned)).toBeNull();
  });
});
