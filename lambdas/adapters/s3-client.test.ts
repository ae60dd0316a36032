import { describe, expect, it } from 'vitest';
import { presignGet, presignPut } from './s3-client';

describe('presigned URLs against s3rver', () => {
  it('a presigned PUT then GET returns the same bytes', async () => {
    const key = `users/test/${Date.now()}.png`;
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    const put = await fetch(await presignPut(key, 'image/png'), { method: 'PUT', headers: { 'content-type': 'image/png' }, body: bytes });
    expect(put.status).toBe(200);
    const get = await fetch(await presignGet(key));
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await get.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
