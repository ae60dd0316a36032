/** Binary units, as MAX_IMAGE_BYTES counts them: 25 MB = 25 × 1024 × 1024 bytes. */
export const KB = 1024;
export const MB = 1024 * KB;
export const GB = 1024 * MB;

/** One decimal, with a trailing ".0" dropped: 1.2, 10, 0.5. */
const oneDecimal = (n: number) => n.toFixed(1).replace(/\.0$/, '');

/**
 * A file or library size for people: "512 B", "58 KB", "1.2 MB", "10 GB". The one formatter the
 * library's sidebar, its storage meter and the storage-full message all use.
 */
export function formatBytes(n: number): string {
  if (n < KB) return `${n} B`;
  // Just under a unit would round to "1024 KB" or "1024 MB": say the next unit from there on.
  if (n < MB - KB / 2) return `${Math.round(n / KB)} KB`;
  if (n < GB - 0.05 * MB) return `${oneDecimal(n / MB)} MB`;
  return `${oneDecimal(n / GB)} GB`;
}
