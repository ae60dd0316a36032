/**
 * Draws the toolbar icon at any size and encodes it as PNG with node:zlib, so no binary image
 * files live in the repository. The icon: a blue tile with a white page and a downward arrow.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Encodes RGBA pixels as a PNG file. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ]);
}

type Rgba = [number, number, number, number];

/** Colour of the icon at (u, v) in [0,1]², or transparent. */
function shade(u: number, v: number): Rgba | null {
  const r = 0.2; // corner radius of the tile
  const cx = Math.min(Math.max(u, r), 1 - r);
  const cy = Math.min(Math.max(v, r), 1 - r);
  if ((u - cx) ** 2 + (v - cy) ** 2 > r * r) return null;
  const inPage = u > 0.27 && u < 0.73 && v > 0.14 && v < 0.86;
  // A downward arrow on the page: a shaft and a head.
  const shaft = Math.abs(u - 0.5) < 0.055 && v > 0.3 && v < 0.6;
  const head = v >= 0.55 && v < 0.74 && Math.abs(u - 0.5) < (0.74 - v) * 0.9;
  if (inPage && (shaft || head)) return [26, 115, 232, 255];
  if (inPage) return [255, 255, 255, 255];
  return [26, 115, 232, 255];
}

/** The icon as PNG bytes, anti-aliased by 4×4 supersampling. */
export function iconPng(size: number): Buffer {
  const px = new Uint8Array(size * size * 4);
  const n = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let rs = 0, gs = 0, bs = 0, as = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = shade((x + (sx + 0.5) / n) / size, (y + (sy + 0.5) / n) / size);
          if (!c) continue;
          rs += c[0] * c[3];
          gs += c[1] * c[3];
          bs += c[2] * c[3];
          as += c[3];
        }
      }
      const i = (y * size + x) * 4;
      if (as > 0) {
        px[i] = Math.round(rs / as);
        px[i + 1] = Math.round(gs / as);
        px[i + 2] = Math.round(bs / as);
      }
      px[i + 3] = Math.round(as / (n * n));
    }
  }
  return encodePng(size, size, px);
}
