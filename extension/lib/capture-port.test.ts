import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from './capture-port';

describe('capture port chunks', () => {
  it('round-trips any bytes through base64, past the 32 K argument batches', () => {
    const bytes = new Uint8Array(100_003).map((_, i) => (i * 7919) % 256);
    const text = bytesToBase64(bytes);
    expect(text).toBe(Buffer.from(bytes).toString('base64'));
    expect(base64ToBytes(text)).toEqual(bytes);
    expect(base64ToBytes(bytesToBase64(new Uint8Array(0)))).toEqual(new Uint8Array(0));
  });
});
