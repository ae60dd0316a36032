/**
 * Where PDF pages end. Plain splitting cuts every `pageHeight` rows; smart splitting (Premium)
 * moves each cut up to the nearest uniform row (one colour across the image: a gap between
 * paragraphs, rows of a table) so no line of text is cut in half.
 */

/** Marks rows whose pixels are all within `tolerance` of the row's first pixel (RGBA data). */
export function uniformRows(data: Uint8ClampedArray, width: number, height: number, tolerance = 6): Uint8Array {
  const rows = new Uint8Array(height);
  for (let y = 0; y < height; y++) {
    const base = y * width * 4;
    const r = data[base];
    const g = data[base + 1];
    const b = data[base + 2];
    let uniform = 1;
    for (let i = base + 4, end = base + width * 4; i < end; i += 4) {
      if (Math.abs(data[i] - r) > tolerance || Math.abs(data[i + 1] - g) > tolerance || Math.abs(data[i + 2] - b) > tolerance) {
        uniform = 0;
        break;
      }
    }
    rows[y] = uniform;
  }
  return rows;
}

/** Cut positions (exclusive ends of each page) for fixed-height pages. */
export function plainBreaks(totalHeight: number, pageHeight: number): number[] {
  const step = Math.max(1, Math.floor(pageHeight));
  const cuts: number[] = [];
  for (let y = step; y < totalHeight; y += step) cuts.push(y);
  cuts.push(totalHeight);
  return cuts;
}

/**
 * Page ends that prefer uniform rows. Each page is at most `pageHeight` rows; its end moves up by
 * at most `maxShift` × pageHeight to land on a uniform row, else it stays a plain cut.
 * `isUniform` is asked lazily, only near each cut, so a huge image is never scanned whole.
 */
export function smartBreaks(totalHeight: number, pageHeight: number, isUniform: (y: number) => boolean, maxShift = 0.25): number[] {
  const step = Math.max(1, Math.floor(pageHeight));
  const reach = Math.floor(step * maxShift);
  const cuts: number[] = [];
  let start = 0;
  while (totalHeight - start > step) {
    const plain = start + step;
    let cut = plain;
    // Cutting at row y puts y at the top of the next page: uniform rows y-1 and y hide the cut.
    for (let y = plain; y >= plain - reach && y > start + 1; y--) {
      if (isUniform(y - 1) && isUniform(y)) {
        cut = y;
        break;
      }
    }
    cuts.push(cut);
    start = cut;
  }
  cuts.push(totalHeight);
  return cuts;
}
