import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '#shared/api/routes';

const apiCall = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', async (importOriginal) => ({ ...(await importOriginal<object>()), apiCall }));

const { isImageFile, NO_ROOM_MESSAGE, TOO_LARGE_MESSAGE, uploadImage } = await import('./upload-image');
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

  const fields = { key: 'uploads/u/img1', 'Content-Type': 'image/png', Policy: 'cG9saWN5', 'X-Amz-Signature': 'sig' };

  it('creates the image, POSTs the form fields then the file to the uploadUrl, then finalises (dates as Date objects)', async () => {
    apiCall.mockImplementation(async (route: { id: string }) => {
      if (route.id === 'createImage') return wire('img1', { uploadUrl: 'https://bucket.example/', uploadFields: fields });
      if (route.id === 'finalizeImage') return wire('img1', { urlFull: 'https://bucket.example/full', contentType: 'image/png' });
      throw new Error(`unexpected ${route.id}`);
    });
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    const image = await uploadImage(file, { title: '  Shot ', notes: 'n', urlLink: '' });
    expect(apiCall).toHaveBeenNthCalledWith(1, routes.createImage, { body: { title: 'Shot', notes: 'n', urlLink: null, contentType: 'image/png', size: 4 } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('https://bucket.example/');
    expect(init.method).toBe('POST');
    const form = init.body as FormData;
    // Every signed field, and the file last: S3 ignores fields after it.
    expect([...form.keys()]).toEqual([...Object.keys(fields), 'file']);
    expect(form.get('key')).toBe('uploads/u/img1');
    expect((form.get('file') as File).size).toBe(file.size);
    expect(apiCall).toHaveBeenNthCalledWith(2, routes.finalizeImage, { params: { id: 'img1' }, body: {} });
    expect(image.created).toBeInstanceOf(Date);
    expect(image.created.toISOString()).toBe('2025-03-04T12:00:00.000Z');
    expect(image).not.toHaveProperty('uploadUrl');
    expect(image).not.toHaveProperty('uploadFields');
  });

  it("says the file is too large when the bucket refuses it (S3's EntityTooLarge), and deletes the pending image", async () => {
    apiCall.mockImplementation(async (route: { id: string }) =>
      route.id === 'createImage' ? wire('img3', { uploadUrl: 'https://bucket.example/', uploadFields: fields }) : { ok: true },
    );
    fetchMock.mockResolvedValue(new Response('<Error><Code>EntityTooLarge</Code></Error>', { status: 400 }));
    const huge = new File([new Uint8Array(4)], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 26 * 1024 * 1024 });
    await expect(uploadImage(huge, { title: 'x', notes: '' })).rejects.toThrow(TOO_LARGE_MESSAGE);
    expect(apiCall).toHaveBeenCalledWith(routes.deleteImage, { params: { id: 'img3' }, body: { id: 'img3' } });
  });

  it('says the library has no room when the bucket refuses a file under 25 MB (the form was capped at the storage left)', async () => {
    apiCall.mockImplementation(async (route: { id: string }) =>
      route.id === 'createImage' ? wire('img4', { uploadUrl: 'https://bucket.example/', uploadFields: fields }) : { ok: true },
    );
    fetchMock.mockResolvedValue(new Response('<Error><Code>EntityTooLarge</Code></Error>', { status: 400 }));
    await expect(uploadImage(file, { title: 'x', notes: '' })).rejects.toMatchObject({ code: 'storage_full', message: NO_ROOM_MESSAGE });
    expect(apiCall).toHaveBeenCalledWith(routes.deleteImage, { params: { id: 'img4' }, body: { id: 'img4' } });
  });

  it('deletes the pending image when the file upload fails', async () => {
    apiCall.mockImplementation(async (route: { id: string }) =>
      route.id === 'createImage' ? wire('img2', { uploadUrl: 'https://bucket.example/', uploadFields: fields }) : { ok: true },
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

describe('canSubmitImageEdit', () => {
  it('takes a title without notes, as the upload does (an image uploaded without notes can be renamed)', async () => {
    const { canSubmitImageEdit } = await import('./update-image');
    expect(canSubmitImageEdit({ id: 'i', title: 'Renamed', notes: '' })).toBe(true);
    expect(canSubmitImageEdit({ id: 'i', title: '  ', notes: 'n' })).toBe(false);
    expect(canSubmitImageEdit({ id: '', title: 'T', notes: '' })).toBe(false);
  });
});
