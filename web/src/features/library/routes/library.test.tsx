import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifyManager } from '@tanstack/react-query';
import { ApiQueryProvider } from '../../../lib/api-query';
import type { BridgeStatus, ExtensionBridge } from '../../../lib/extension-bridge';
import { ExtensionBridgeContext } from '../../../lib/extension-bridge-context';
import type { LibraryImage } from '../library-image';

// ── module doubles: auth and the image calls ───────────────────────────────────
const auth = vi.hoisted(() => ({ current: { status: 'signedIn', user: { userId: 'u1', name: 'Free User' } } as Record<string, unknown> }));
vi.mock('../../../lib/auth', () => ({ useAuth: () => auth.current }));

const api = vi.hoisted(() => ({
  listAllImages: vi.fn(),
  updateImage: vi.fn(),
  deleteImage: vi.fn(),
  uploadImage: vi.fn(),
  /** The one call left to the real API client's place: GET /account/storage. */
  apiCall: vi.fn(),
}));
vi.mock('../../../lib/api-client', async (importOriginal) => ({ ...(await importOriginal<object>()), apiCall: api.apiCall }));
vi.mock('../api/list-images', () => ({ listAllImages: api.listAllImages }));
vi.mock('../api/delete-image', () => ({ deleteImage: api.deleteImage }));
vi.mock('../api/update-image', async (importOriginal) => ({ ...(await importOriginal<object>()), updateImage: api.updateImage }));
vi.mock('../api/upload-image', async (importOriginal) => ({ ...(await importOriginal<object>()), uploadImage: api.uploadImage }));

const { LibraryRoute } = await import('./library');
// The list is a query: its updates reach React in a microtask (not the next macrotask), so act() flushes them.
notifyManager.setScheduler(queueMicrotask);

// ── fixtures ──────────────────────────────────────────────────────────────────
const image = (id: string, title: string, created: string, urlLink: string | null = null, notes = 'Some notes'): LibraryImage => ({
  id, title, notes, urlLink, created: new Date(created), updated: new Date(created),
  urlFull: `https://bucket.example/${id}/original`, urlThumb: `https://bucket.example/${id}/thumb.webp`,
  size: 58_357, contentType: 'image/png', width: 800, height: 1600,
});
// Noon UTC keeps each image on its calendar day in any time zone the tests run in.
const images = [
  image('i3', 'Banana bread', '2025-03-04T12:00:00Z', 'https://www.recipes.example/bread'),
  image('i2', 'apple pie', '2025-03-04T11:00:00Z', null),
  image('i1', 'Cherry', '2025-03-01T12:00:00Z', 'https://blog.example/cherry'),
];

function renderLibrary(url = '/images', bridge: ExtensionBridge | null = null) {
  const router = createMemoryRouter([{ path: '/images', Component: LibraryRoute }], { initialEntries: [url] });
  render(
    <ApiQueryProvider>
      <ExtensionBridgeContext.Provider value={{ bridge }}>
        <RouterProvider router={router} />
      </ExtensionBridgeContext.Provider>
    </ApiQueryProvider>,
  );
  return router;
}

/** The site's bridge as the library sees it: a status, and the extension's captures. */
function fakeBridge(phase: BridgeStatus['phase'], captures: Array<{ id: string; title: string; url: string; parts: number; savedBy?: string }> = []) {
  const status = { phase, installed: phase === 'connected', connected: phase === 'connected', origin: null, version: null, error: null, lastLogin: null };
  return {
    getStatus: () => status,
    subscribe: () => () => {},
    listCaptures: vi.fn(async () => captures.map((c) => ({ ...c, createdAt: Date.UTC(2026, 10, 1), width: 800, height: 1600, thumbnail: null }))),
    getCapture: vi.fn(async (id: string) => {
      const c = captures.find((x) => x.id === id)!;
      if (c.title === 'Broken') throw new Error('This capture is no longer in the extension. It may have been deleted.');
      return { ...c, parts: Array.from({ length: c.parts }, (_, i) => ({ blob: new Blob([`png ${i}`], { type: 'image/png' }), width: 800, height: 1600 })) };
    }),
  } as unknown as ExtensionBridge;
}
const thumbnails = () => screen.getAllByRole('button').filter((b) => b.hasAttribute('data-image-id'));
const thumbTitles = () => thumbnails().map((b) => b.textContent);
const groupHeadings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.firstChild?.textContent);
const headerTitle = () => document.querySelector('.library-header__title')?.textContent;
const deferred = <T,>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

beforeEach(() => {
  auth.current = { status: 'signedIn', user: { userId: 'u1', name: 'Free User' } };
  api.listAllImages.mockReset().mockResolvedValue(images);
  api.updateImage.mockReset();
  api.deleteImage.mockReset();
  api.uploadImage.mockReset();
  api.apiCall.mockReset().mockResolvedValue({ usedBytes: 3 * 58_357, limitBytes: 1024 ** 3, plan: 'basic' });
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('/images', () => {
  it("shows the header 'Library' with Sort and Upload, the heading Welcome, the links, and the grouped grid (newest day first)", async () => {
    renderLibrary();
    expect(headerTitle()).toBe('Library');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Library' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Download the extension (opens in a new tab)', 'Images', 'Settings']);
    expect(within(nav).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/account');
    expect(screen.getByRole('button', { name: /^Sort/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeTruthy();

    await waitFor(() => expect(thumbnails()).toHaveLength(3));
    expect(groupHeadings()).toEqual(['Tuesday, March 4, 2025', 'Saturday, March 1, 2025']);
    expect(thumbTitles()).toEqual(['Banana bread', 'apple pie', 'Cherry']);
    const img = thumbnails()[0].querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('src')).toBe('https://bucket.example/i3/thumb.webp');
  });

  it('sorts by name and by source address from the Sort menu, keeping the mode in the address', async () => {
    const user = userEvent.setup();
    const router = renderLibrary();
    await waitFor(() => expect(thumbnails()).toHaveLength(3));

    await user.click(screen.getByRole('button', { name: /^Sort/ }));
    const menu = screen.getByRole('menu', { name: 'Sort' });
    expect(within(menu).getByRole('menuitemradio', { name: /Newest first/ }).getAttribute('aria-checked')).toBe('true');
    await user.click(within(menu).getByRole('menuitemradio', { name: /Title A–Z/ }));
    expect(groupHeadings()).toEqual(['A', 'B', 'C']);
    expect(thumbTitles()).toEqual(['apple pie', 'Banana bread', 'Cherry']);
    expect(router.state.location.search).toBe('?sort=NameAsc');

    await user.click(screen.getByRole('button', { name: /^Sort/ }));
    await user.click(screen.getByRole('menuitemradio', { name: /Source Z–A/ }));
    expect(groupHeadings()).toEqual(['www.recipes.example', 'blog.example', 'N/A']);

    await user.click(screen.getByRole('button', { name: /^Sort/ }));
    await user.click(screen.getByRole('menuitemradio', { name: /Source A–Z/ }));
    expect(groupHeadings()).toEqual(['N/A', 'blog.example', 'www.recipes.example']);
  });

  it('starts in the sort mode of the address', async () => {
    renderLibrary('/images?sort=DateAsc');
    await waitFor(() => expect(thumbnails()).toHaveLength(3));
    expect(thumbTitles()).toEqual(['Cherry', 'apple pie', 'Banana bread']);
  });

  it("opens the viewer ('View Image') with the Info sidebar, toggles the sidebar, closes on Escape and returns focus", async () => {
    const user = userEvent.setup();
    renderLibrary();
    await waitFor(() => expect(thumbnails()).toHaveLength(3));
    const thumb = screen.getByRole('button', { name: 'Banana bread' });
    await user.click(thumb);

    expect(headerTitle()).toBe('View Image');
    const viewer = screen.getByRole('dialog', { name: 'Banana bread' });
    expect(within(viewer).getByRole('img', { name: 'Banana bread' }).getAttribute('src')).toBe('https://bucket.example/i3/original');
    const sidebar = within(viewer).getByRole('complementary', { name: 'Info' });
    expect(within(sidebar).getByRole('link', { name: 'https://www.recipes.example/bread' })).toBeTruthy();
    expect(sidebar.textContent).toContain('PNG · 800 × 1600 · 57 KB');

    const toggle = within(viewer).getByRole('button', { name: 'Hide sidebar' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(within(viewer).queryByRole('complementary')).toBeNull();
    await user.click(within(viewer).getByRole('button', { name: 'Show sidebar' }));
    expect(within(viewer).getByRole('complementary', { name: 'Info' })).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(headerTitle()).toBe('Library');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Banana bread' }));
  });

  it('opens the image of a deep link (?image=<id>) in the viewer, and drops the parameter', async () => {
    const router = renderLibrary('/images?image=i2');
    const viewer = await screen.findByRole('dialog', { name: 'apple pie' });
    expect(within(viewer).getByRole('img', { name: 'apple pie' }).getAttribute('src')).toBe('https://bucket.example/i2/original');
    expect(headerTitle()).toBe('View Image');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('ignores a deep link to an image that is not in the library', async () => {
    const router = renderLibrary('/images?image=gone&sort=NameAsc');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=NameAsc'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(thumbnails()).toHaveLength(3);
  });

  it('edits title and notes: Update needs a title, notes may be empty; Cancel and a save return to Info', async () => {
    const user = userEvent.setup();
    renderLibrary();
    await waitFor(() => expect(thumbnails()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Cherry' }));
    const viewer = screen.getByRole('dialog');

    await user.click(within(viewer).getByRole('button', { name: 'Edit' }));
    const form = within(viewer).getByRole('form', { name: 'Update Image' });
    expect(within(viewer).getByRole('complementary', { name: 'Update Image' })).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(viewer).getByRole('complementary', { name: 'Info' })).toBeTruthy();

    await user.click(within(viewer).getByRole('button', { name: 'Edit' }));
    const title = within(viewer).getByLabelText('Title');
    const notes = within(viewer).getByLabelText('Notes');
    const update = within(viewer).getByRole('button', { name: 'Update' });
    expect((update as HTMLButtonElement).disabled).toBe(false);
    // Notes are optional, as on upload: clearing them keeps Update available.
    await user.clear(notes);
    expect((update as HTMLButtonElement).disabled).toBe(false);
    await user.type(notes, 'Fresh notes');
    await user.clear(title);
    expect((update as HTMLButtonElement).disabled).toBe(true);
    expect(within(viewer).getByText('A title is needed; notes are optional.')).toBeTruthy();
    await user.type(title, 'Cherry tart');

    const saved = deferred<LibraryImage>();
    api.updateImage.mockReturnValue(saved.promise);
    await user.click(update);
    expect(api.updateImage).toHaveBeenCalledWith({ id: 'i1', title: 'Cherry tart', notes: 'Fresh notes' });
    expect(within(viewer).getByRole('button', { name: 'Updating...' })).toBeTruthy();
    await act(async () => saved.resolve({ ...images[2], title: 'Cherry tart', notes: 'Fresh notes' }));

    const info = within(viewer).getByRole('complementary', { name: 'Info' });
    expect(info.textContent).toContain('Cherry tart');
    expect(info.textContent).toContain('Fresh notes');
    await user.keyboard('{Escape}');
    expect(thumbTitles()).toContain('Cherry tart');
  });

  it("deletes in two steps ('Are you sure?', then 'Deleting...') and closes the viewer", async () => {
    const user = userEvent.setup();
    renderLibrary();
    await waitFor(() => expect(thumbnails()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'apple pie' }));
    const viewer = screen.getByRole('dialog');

    await user.click(within(viewer).getByRole('button', { name: 'Delete' }));
    expect(api.deleteImage).not.toHaveBeenCalled();
    const removal = deferred<void>();
    api.deleteImage.mockReturnValue(removal.promise);
    await user.click(within(viewer).getByRole('button', { name: 'Are you sure?' }));
    expect(api.deleteImage).toHaveBeenCalledWith('i2');
    expect((within(viewer).getByRole('button', { name: 'Deleting...' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => removal.resolve());

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(thumbTitles()).toEqual(['Banana bread', 'Cherry']);
  });

  it("uploads a chosen image ('Upload Image', 'Uploading...'): the viewer closes and the new image comes first", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderLibrary();
    await waitFor(() => expect(thumbnails()).toHaveLength(3));
    const input = screen.getByTestId('library-file-input') as HTMLInputElement;
    expect(input.accept).toBe('image/*');

    // Not an image: ignored.
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(info).toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const menu = screen.getByRole('menu', { name: 'Upload' });
    expect(within(menu).getByRole('menuitem', { name: 'Add from extension' }).getAttribute('aria-disabled')).not.toBe('true');
    const click = vi.spyOn(input, 'click');
    await user.click(within(menu).getByRole('menuitem', { name: 'Upload from computer' }));
    expect(click).toHaveBeenCalled();

    const file = new File([new Uint8Array([137, 80, 78, 71])], 'My capture.png', { type: 'image/png' });
    await user.upload(input, file);
    expect(headerTitle()).toBe('Upload Image');
    const viewer = screen.getByRole('dialog', { name: 'My capture.png' });
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe('blob:preview');
    expect(within(viewer).getByRole('complementary', { name: 'Upload Image' })).toBeTruthy();
    expect((within(viewer).getByLabelText('Title') as HTMLInputElement).value).toBe('My capture');
    await user.type(within(viewer).getByLabelText('Notes'), 'From disk');

    const upload = deferred<LibraryImage>();
    api.uploadImage.mockReturnValue(upload.promise);
    await user.click(within(viewer).getByRole('button', { name: 'Upload' }));
    expect(api.uploadImage).toHaveBeenCalledWith(file, { title: 'My capture', notes: 'From disk', urlLink: null });
    expect((within(viewer).getByRole('button', { name: 'Uploading...' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => upload.resolve(image('i4', 'My capture', new Date().toISOString(), null, 'From disk')));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(thumbTitles()[0]).toBe('My capture');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'My capture' }));
  });

  it('keeps the upload form and logs when the upload fails', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderLibrary();
    await waitFor(() => expect(thumbnails()).toHaveLength(3));
    api.uploadImage.mockRejectedValue(new Error('The file is not an image the library can store (PNG, JPEG, WebP, GIF or AVIF).'));
    await user.upload(screen.getByTestId('library-file-input') as HTMLInputElement, new File(['x'], 'fake.png', { type: 'image/png' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('alert')).textContent).toContain('not an image the library can store');
    expect(error).toHaveBeenCalledWith('Library: upload failed', expect.any(Error));
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Upload' })).toBeTruthy();
  });

  it('refuses a file over 25 MB before uploading it', async () => {
    const user = userEvent.setup();
    renderLibrary();
    await waitFor(() => expect(thumbnails()).toHaveLength(3));
    const big = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 25 * 1024 * 1024 + 1 });
    await user.upload(screen.getByTestId('library-file-input') as HTMLInputElement, big);
    const viewer = screen.getByRole('dialog');
    expect(within(viewer).getByRole('alert').textContent).toContain('larger than 25 MB');
    expect((within(viewer).getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the storage used against the limit as a meter, asked again after an upload and a delete', async () => {
    const user = userEvent.setup();
    renderLibrary();
    const meter = await screen.findByRole('meter', { name: 'Storage used' });
    expect(meter.getAttribute('aria-valuetext')).toBe('171 KB of 1 GB used');
    expect(meter.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('171 KB of 1 GB used')).toBeTruthy();
    expect(api.apiCall).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(thumbnails()).toHaveLength(3));

    api.apiCall.mockResolvedValue({ usedBytes: 4 * 58_357, limitBytes: 1024 ** 3, plan: 'basic' });
    api.uploadImage.mockResolvedValue(image('i4', 'New', new Date().toISOString()));
    await user.upload(screen.getByTestId('library-file-input') as HTMLInputElement, new File(['x'], 'new.png', { type: 'image/png' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByRole('meter').getAttribute('aria-valuetext')).toBe('228 KB of 1 GB used'));

    api.apiCall.mockResolvedValue({ usedBytes: 3 * 58_357, limitBytes: 1024 ** 3, plan: 'basic' });
    api.deleteImage.mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'New' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Are you sure?' }));
    await waitFor(() => expect(screen.getByRole('meter').getAttribute('aria-valuetext')).toBe('171 KB of 1 GB used'));
    expect(api.apiCall).toHaveBeenCalledTimes(3);
  });

  it('marks a full library and shows the refusal, keeping the chosen file to try again', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api.apiCall.mockResolvedValue({ usedBytes: 1024 ** 3, limitBytes: 1024 ** 3, plan: 'basic' });
    renderLibrary();
    expect((await screen.findByRole('meter')).getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('1 GB of 1 GB used')).toBeTruthy();
    await waitFor(() => expect(thumbnails()).toHaveLength(3));
    const full = 'Your image library is full: 1 GB of 1 GB used. Delete images to make room, or upgrade to Premium for 10 GB.';
    api.uploadImage.mockRejectedValue(Object.assign(new Error(full), { code: 'storage_full' }));
    await user.upload(screen.getByTestId('library-file-input') as HTMLInputElement, new File(['x'], 'more.png', { type: 'image/png' }));
    const viewer = screen.getByRole('dialog');
    await user.click(within(viewer).getByRole('button', { name: 'Upload' }));
    expect((await within(viewer).findByRole('alert')).textContent).toContain(full);
    expect(within(viewer).getByText('more.png · 1 B')).toBeTruthy();
    expect((within(viewer).getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(false);
    expect(thumbnails()).toHaveLength(3);

    // Closed to make room, the file is kept: one click brings its form back.
    await user.click(within(viewer).getByRole('button', { name: 'Cancel' }));
    const held = screen.getByRole('status');
    expect(held.textContent).toContain('“more.png” (1 B) did not fit in your library.');
    api.uploadImage.mockResolvedValue(image('i5', 'more', new Date().toISOString()));
    await user.click(within(held).getByRole('button', { name: 'Upload it now' }));
    const again = screen.getByRole('dialog', { name: 'more.png' });
    await user.click(within(again).getByRole('button', { name: 'Upload' }));
    expect(api.uploadImage).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'more.png' }), expect.anything());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(/did not fit in your library/)).toBeNull();
  });

  it('does not keep a file whose upload was cancelled while there was room', async () => {
    const user = userEvent.setup();
    renderLibrary();
    await screen.findByRole('meter');
    await user.upload(screen.getByTestId('library-file-input') as HTMLInputElement, new File(['x'], 'fits.png', { type: 'image/png' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText(/did not fit in your library/)).toBeNull();
  });

  it('says when the storage use cannot be loaded, with a retry', async () => {
    const user = userEvent.setup();
    api.apiCall.mockRejectedValueOnce(new Error('down')).mockResolvedValue({ usedBytes: 0, limitBytes: 1024 ** 3, plan: 'basic' });
    renderLibrary();
    expect(await screen.findByText(/Storage use could not be loaded/)).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Try again' })[0]);
    expect((await screen.findByRole('meter')).getAttribute('aria-valuetext')).toBe('0 B of 1 GB used');
  });

  it('shows how to add the first image when the library is empty', async () => {
    api.listAllImages.mockResolvedValue([]);
    renderLibrary();
    expect(await screen.findByRole('heading', { name: 'Your library is empty' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload from computer' })).toBeTruthy();
  });

  it('shows loading, then a failure with a retry (and logs it)', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = deferred<LibraryImage[]>();
    api.listAllImages.mockReturnValueOnce(first.promise);
    renderLibrary();
    expect(screen.getByText('Loading your images…')).toBeTruthy();
    await act(async () => first.reject(new Error('The server could not be reached. Check your connection and try again.')));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The server could not be reached');
    expect(error).toHaveBeenCalledWith('Library: listing images failed', expect.any(Error));

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(thumbnails()).toHaveLength(3));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks a signed-out visitor to sign in, coming back to /images', () => {
    auth.current = { status: 'signedOut', user: null };
    renderLibrary();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/signin?redirectPath=%2Fimages');
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(api.listAllImages).not.toHaveBeenCalled();
  });

  it('is usable from the keyboard: menus open with arrows and close on Escape without closing the viewer', async () => {
    const user = userEvent.setup();
    renderLibrary();
    await waitFor(() => expect(thumbnails()).toHaveLength(3));
    thumbnails()[0].focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog')).toBeTruthy();

    const sort = screen.getByRole('button', { name: /^Sort/ });
    sort.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('menuitemradio'));
    expect(document.activeElement?.textContent).toContain('Newest first');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.textContent).toContain('Title A–Z');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(sort);
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('/images: split captures in the grid', () => {
  it('shows each part number on its tile, apart from the title that may be cut (issue #31 §5)', async () => {
    const part = (id: string, index: number) => ({ ...image(id, `A very long page title that the tile cuts (${index} of 2)`, '2025-03-05T12:00:00Z'), part: { set: 's1', index, count: 2 } });
    api.listAllImages.mockResolvedValue([part('p1', 1), part('p2', 2), ...images]);
    renderLibrary();
    await waitFor(() => expect(thumbnails()).toHaveLength(5));
    const badges = thumbnails().map((b) => b.querySelector('.library-thumb__part')?.textContent ?? null);
    expect(badges.slice(0, 2).sort()).toEqual(['Part 1 of 2', 'Part 2 of 2']);
    expect(badges.slice(2)).toEqual([null, null, null]);
  });
});

describe('/images: Upload → Add from extension', () => {
  it('lists the captures the extension holds and adds the chosen ones, split captures whole, titled and linked', async () => {
    const user = userEvent.setup();
    const bridge = fakeBridge('connected', [
      { id: 'c1', title: 'Docs page', url: 'https://docs.example/a', parts: 1 },
      { id: 'c2', title: 'Long page', url: 'https://long.example/', parts: 2 },
      { id: 'c3', title: 'Not chosen', url: 'https://x.example/', parts: 1 },
    ]);
    let n = 0;
    api.uploadImage.mockImplementation(async (file: File, d: { title: string; urlLink: string | null }) => image(`new${++n}`, d.title, '2026-11-26T12:00:00Z', d.urlLink));
    renderLibrary('/images', bridge);
    await waitFor(() => expect(thumbnails()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await user.click(within(screen.getByRole('menu', { name: 'Upload' })).getByRole('menuitem', { name: 'Add from extension' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add from extension' });
    await within(dialog).findByText('Docs page');
    expect(within(dialog).getByText(/800 × 1600 px · 2 images/)).toBeTruthy();
    const add = within(dialog).getByRole('button', { name: 'Add capture' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: /Docs page/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Long page/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 captures' }));

    await within(dialog).findByText('3 images were added to your library.');
    expect(api.uploadImage.mock.calls.map(([f, d]) => [(f as File).type, d])).toEqual([
      ['image/png', { title: 'Docs page', notes: '', urlLink: 'https://docs.example/a' }],
      ['image/png', { title: 'Long page (1 of 2)', notes: '', urlLink: 'https://long.example/', part: { set: 'c2', index: 1, count: 2 } }],
      ['image/png', { title: 'Long page (2 of 2)', notes: '', urlLink: 'https://long.example/', part: { set: 'c2', index: 2, count: 2 } }],
    ]);
    expect(thumbTitles()).toEqual(expect.arrayContaining(['Docs page', 'Long page (1 of 2)', 'Long page (2 of 2)']));
    expect(thumbnails()).toHaveLength(6);
  });

  it('marks captures this account already saved from the editor and skips them unless asked (issue #31 §5)', async () => {
    const user = userEvent.setup();
    const bridge = fakeBridge('connected', [
      { id: 'c1', title: 'Saved here', url: 'https://docs.example/a', parts: 1, savedBy: 'u1' },
      { id: 'c2', title: 'Saved by someone else', url: 'https://b.example/', parts: 1, savedBy: 'u9' },
    ]);
    api.uploadImage.mockImplementation(async (_f: File, d: { title: string }) => image(`n-${d.title}`, d.title, '2026-11-26T12:00:00Z'));
    renderLibrary('/images', bridge);
    await waitFor(() => expect(thumbnails()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await user.click(within(screen.getByRole('menu', { name: 'Upload' })).getByRole('menuitem', { name: 'Add from extension' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add from extension' });
    const saved = (await within(dialog).findByRole('checkbox', { name: /Saved here/ })) as HTMLInputElement;
    expect(saved.disabled).toBe(true);
    expect(within(dialog).getAllByText('Already in your library')).toHaveLength(1);
    expect((within(dialog).getByRole('checkbox', { name: /Saved by someone else/ }) as HTMLInputElement).disabled).toBe(false);

    // Asked for: the marked one can be chosen and is added again.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Also show captures already in my library, to add them again' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Saved here/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add capture' }));
    await within(dialog).findByText('1 image was added to your library.');
    expect(api.uploadImage.mock.calls.map(([, d]) => (d as { title: string }).title)).toEqual(['Saved here']);
  });

  it('says what failed, keeps it chosen, and Retry adds only what is missing', async () => {
    const user = userEvent.setup();
    const bridge = fakeBridge('connected', [{ id: 'c2', title: 'Long page', url: 'https://long.example/', parts: 2 }]);
    api.uploadImage
      .mockResolvedValueOnce(image('p1', 'Long page (1 of 2)', '2026-11-26T12:00:00Z'))
      .mockRejectedValueOnce(new Error('Your image library is full.'))
      .mockResolvedValueOnce(image('p2', 'Long page (2 of 2)', '2026-11-26T12:00:00Z'));
    renderLibrary('/images', bridge);
    await waitFor(() => expect(thumbnails()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await user.click(within(screen.getByRole('menu', { name: 'Upload' })).getByRole('menuitem', { name: 'Add from extension' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add from extension' });
    await user.click(await within(dialog).findByRole('checkbox', { name: /Long page/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add capture' }));
    await within(dialog).findByText(/Your image library is full\./);
    expect((within(dialog).getByRole('checkbox', { name: /Long page/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await within(dialog).findByText('1 image was added to your library.');
    expect(api.uploadImage.mock.calls.map(([, d]) => (d as { title: string }).title)).toEqual(['Long page (1 of 2)', 'Long page (2 of 2)', 'Long page (2 of 2)']);
    expect(thumbTitles().filter((t) => t?.startsWith('Long page'))).toHaveLength(2);
  });

  it('without the extension, the item says so and opens the store listing', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderLibrary('/images', fakeBridge('failed'));
    await waitFor(() => expect(thumbnails()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await user.click(within(screen.getByRole('menu', { name: 'Upload' })).getByRole('menuitem', { name: /Add from extension \(not installed/ }));
    expect(open).toHaveBeenCalledWith(expect.stringContaining('chromewebstore.google.com'), '_blank', 'noopener,noreferrer');
    expect(screen.queryByRole('dialog', { name: 'Add from extension' })).toBeNull();
  });

  it('offers the extension when the library is empty', async () => {
    api.listAllImages.mockResolvedValue([]);
    renderLibrary();
    const empty = await screen.findByRole('region', { name: 'Your library is empty' });
    expect(empty.textContent).toContain('Save to library');
    expect(empty.textContent).toContain('Add from extension');
    expect(empty.textContent).not.toContain('save the image to your computer');
  });
});
