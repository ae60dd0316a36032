/**
 * Image headers read by hand, without sharp: finalising a capture that came with its own thumbnail
 * must neither decode the capture nor load libvips (about 100 ms of a cold start) to learn two sizes.
 * Anything these do not recognise for certain answers null, and the caller takes sharp's path.
 */

type Size = { width: number; height: number };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A still PNG's width and height, from `head` (the start of the file): its IHDR, then the chunks up
 * to the first IDAT, which must lie within `head`. Null for anything else, and for a PNG that an
 * eXIf chunk may turn (orientation) or an acTL chunk animates: sharp's inspection handles those.
 */
export function stillPngSize(head: Buffer): Size | null {
  if (head.length < 33 || !head.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (head.readUInt32BE(8) !== 13 || head.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = head.readUInt32BE(16);
  const height = head.readUInt32BE(20);
  const [depth, colour] = [head[24], head[25]];
  if (!width || !height || width > 0x7fffffff || height > 0x7fffffff) return null;
  if (![1, 2, 4, 8, 16].includes(depth!) || ![0, 2, 3, 4, 6].includes(colour!)) return null;
  for (let at = 33; at + 8 <= head.length;) {
    const type = head.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') return { width, height };
    if (type === 'eXIf' || type === 'acTL' || type === 'IEND') return null;
    at += 12 + head.readUInt32BE(at);
  }
  return null;
}

/**
 * A still WebP's width and height, checked against its bytes: the RIFF size is the file's, and the
 * picture chunk (VP8 lossy or VP8L lossless, alone or after VP8X) gives the size. Null for an
 * animation, a truncated or padded file, or anything that is not a WebP.
 */
export function stillWebpSize(bytes: Buffer): Size | null {
  if (bytes.length < 30 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return null;
  if (bytes.readUInt32LE(4) + 8 !== bytes.length) return null;
  let canvas: Size | null = null;
  for (let at = 12; at + 8 <= bytes.length;) {
    const type = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const data = at + 8;
    if (data + size > bytes.length) return null;
    if (type === 'VP8X') {
      if (at !== 12 || size < 10 || bytes[data]! & 0x02) return null; // first chunk only; bit 1: animation
      canvas = { width: bytes.readUIntLE(data + 4, 3) + 1, height: bytes.readUIntLE(data + 7, 3) + 1 };
    } else if (type === 'ANIM' || type === 'ANMF') {
      return null;
    } else if (type === 'VP8 ' || type === 'VP8L') {
      const found = type === 'VP8 ' ? vp8Size(bytes, data, size) : vp8lSize(bytes, data, size);
      if (!found || (canvas && (canvas.width !== found.width || canvas.height !== found.height))) return null;
      return found;
    }
    at = data + size + (size & 1);
  }
  return null;
}

/** A VP8 key frame: 3-byte frame tag (bit 0 clear), start code 9d 01 2a, 14-bit width and height. */
function vp8Size(b: Buffer, at: number, size: number): Size | null {
  if (size < 10 || b[at]! & 1 || b[at + 3] !== 0x9d || b[at + 4] !== 0x01 || b[at + 5] !== 0x2a) return null;
  const width = b.readUInt16LE(at + 6) & 0x3fff;
  const height = b.readUInt16LE(at + 8) & 0x3fff;
  return width && height ? { width, height } : null;
}

/** A VP8L image: signature 0x2f, then 14-bit width − 1 and height − 1. */
function vp8lSize(b: Buffer, at: number, size: number): Size | null {
  if (size < 5 || b[at] !== 0x2f) return null;
  const bits = b.readUInt32LE(at + 1);
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}
