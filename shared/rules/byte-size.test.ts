import { describe, expect, it } from 'vitest';
import { formatBytes, GB, KB, MB } from './byte-size';

describe('formatBytes', () => {
  it('says bytes, KB, MB and GB in binary units, one decimal without a trailing .0', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(58_357)).toBe('57 KB');
    expect(formatBytes(25 * MB)).toBe('25 MB');
    expect(formatBytes(1.25 * MB)).toBe('1.3 MB');
    expect(formatBytes(GB)).toBe('1 GB');
    expect(formatBytes(1.2 * GB)).toBe('1.2 GB');
    expect(formatBytes(10 * GB)).toBe('10 GB');
  });

  it('never says "1024 MB" or "1024 KB"', () => {
    expect(formatBytes(GB - 1)).toBe('1 GB');
    expect(formatBytes(MB - 1)).toBe('1 MB');
    expect(formatBytes(KB - 1)).toBe('1023 B');
  });
});
