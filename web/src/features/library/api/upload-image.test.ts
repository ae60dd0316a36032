import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '#shared/api/routes';

const apiCall = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', async (importOriginal) => ({ ...(await importOriginal<object>()), apiCall }));

const { isImageFile, uploadImage } = await import('./upload-image');
const { listAllImages } = await import('./list-images');

const wire = (id: string, extra: Record<string, unknown> = {}) => ({
  id, title: 'T', notes: '', created: '2025-03-04T12:00:00.000Z', updated: '2025-03-04T12:00:00.000Z',
  urlFull: null, urlThumb: null, urlLink: null, ...extra,
});

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  apiCall.mockReset();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('uploadImage', () => {
  const file = new File([new Uint8Array([137, 80, 78, 71])], 'shot.png', { type: 'image/png' });

  it('creates the image, PUTs the raw file with its type to the uploadUrl, then finalises (dates as Date objects)', async () => {
    apiCall.mockImplementation(async (route: { id: string }) => {
      if (route.id === 'createImage') return wire('img1', { uploadUrl: 'https://bucket.example/upload?sig' });
      if (route.id === 'finalizeImage') return wire('img1', { urlFull: 'https://bucket.example/full', contentType: 'image/png' });
      throw new Error(`unexpected ${route.id}`);
    });
    fetchMock.mockResolvedValue(new Response(null, { status: 200 }));

    const image = await uploadImage(file, { title: '  Shot ', notes: 'n', urlLink: '' });
    expect(apiCall).toHaveBeenNthCalledWith(1, routes.createImage, { body: { title: 'Shot', notes: 'n', urlLink: null, contentType: 'image/png' } });
    expect(fetchMock).toHaveBeenCalledWith('https://bucket.example/upload?sig', expect.objectContaining({ method: 'PUT', body: file, headers: { 'content-type': 'image/png' } }));
    expect(apiCall).toHaveBeenNthCalledWith(2, routes.finalizeImage, { params: { id: 'img1' }, body: {} });
    expect(image.created).toBeInstanceOf(Date);
    expect(image.created.toISOString()).toBe('2025-03-04T12:00:00.000Z');
    expect(image).not.toHaveProperty('uploadUrl');
  });

  it('deletes the pending image when the file upload fails', async () => {
    apiCall.mockImplementation(async (route: { id: string }) =>
      route.id === 'createImage' ? wire('img2', { uploadUrl: 'https://bucket.example/upload' }) : { ok: true },
    );
    fetchMock.mockResolvedValue(new Response(null, { status: 403 }));
    await expect(uploadImage(file, { title: 'x', notes: '' })).rejects.toThrow('The file could not be uploaded (403).');
    expect(apiCall).toHaveBeenCalledWith(routes.deleteImage, { params: { id: 'img2' }, body: { id: 'img2' } });
  });

  it('takes only files whose type begins with image/', () => {
    expect(isImageFile(file)).toBe(true);
    expect(isImageFile(new File(['x'], 'a.txt', { type: 'text/plain' }))).toBe(false);
    expect(isImageFile(new File(['x'], 'a.png', { type: '' }))).toBe(false);
  });
});

describe('listAllImages', () => {
  it('follows full pages with the last id as cursor and stops at a short page', async () => {
    const pages = [[wire('c'), wire('b')], [wire('a')]];
    apiCall.mockImplementation(async () => pages.shift());
    const seen: number[] = [];
    const all = await listAllImages({ pageSize: 2, onPage: (soFar) => seen.push(soFar.length) });
    expect(all.map((i) => i.id)).toEqual(['c', 'b', 'a']);
    expect(seen).toEqual([2, 3]);
    expect(apiCall.mock.calls.map(([, opts]) => opts.query)).toEqual([{ limit: 2, cursor: undefined }, { limit: 2, cursor: 'b' }]);
  });
});
