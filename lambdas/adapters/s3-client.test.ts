import { describe, expect, it } from 'vitest';
import { imageUploadForm } from '#shared/rules/image-upload-form';
import { presignGet, presignPost } from './s3-client';

describe('presigned requests against the local S3', () => {
  it('a presigned POST then GET returns the same bytes', async () => {
    const key = `users/test/${Date.now()}.png`;
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    const post = await presignPost(key, { contentType: 'image/png', maxBytes: 100_000, expiresIn: 60 });
    const res = await fetch(post.url, { method: 'POST', body: imageUploadForm(post.fields, new Blob([bytes])) });
    expect(res.status).toBe(204);
    const get = await fetch(await presignGet(key));
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await get.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
