import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '../../../lib/api-client';

const api = vi.hoisted(() => ({ createShareLink: vi.fn(), listShareLinks: vi.fn(), revokeShareLink: vi.fn() }));
vi.mock('../api/share-links', () => api);
const { ShareDialog, NO_LINKS } = await import('./share-dialog');

const link = (id: string, views = 0, expiresAt: string | null = '2030-01-08T12:00:00.000Z') => ({ id, created: '2030-01-01T12:00:00.000Z', expiresAt, views });
const URL_ = `http://127.0.0.1:5173/s/${'a'.repeat(43)}`;

function open(onClose = vi.fn()) {
  render(<ShareDialog open imageId="img1" imageTitle="My page" onClose={onClose} />);
  return within(screen.getByRole('dialog', { name: 'Share image' }));
}

beforeEach(() => {
  vi.resetAllMocks();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn().mockResolvedValue(undefined) }, configurable: true });
});
afterEach(cleanup);

describe('ShareDialog', () => {
  it('loads the links (loading, then the empty state), creates a 7-day link by default and copies it', async () => {
    api.listShareLinks.mockResolvedValue([]);
    api.createShareLink.mockResolvedValue({ ...link('s1'), url: URL_ });
    const d = open();
    expect(d.getByText('Loading links…')).toBeTruthy();
    expect(await d.findByText(NO_LINKS)).toBeTruthy();
    expect((d.getByLabelText('Link expires after') as HTMLSelectElement).value).toBe('7d');
    expect(Array.from((d.getByLabelText('Link expires after') as HTMLSelectElement).options).map((o) => o.text)).toEqual(['1 day', '7 days', '30 days', 'Never']);
    await userEvent.click(d.getByRole('button', { name: 'Create link' }));
    expect(api.createShareLink).toHaveBeenCalledWith('img1', '7d');
    expect((await d.findByLabelText('Share link') as HTMLInputElement).value).toBe(URL_);
    await userEvent.click(d.getByRole('button', { name: 'Copy' }));
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(URL_);
    expect(await d.findByText('Copied to the clipboard.')).toBeTruthy();
    expect(d.getByRole('listitem').textContent).toContain('0 views');
  });

  it('shows a load error with Retry, and a create error that keeps the dialog usable', async () => {
    api.listShareLinks.mockRejectedValueOnce(new ApiClientError(500, 'internal', 'Something went wrong on our side.')).mockResolvedValue([link('s1', 3, null)]);
    api.createShareLink.mockRejectedValue(new ApiClientError(409, 'conflict', 'Finish the upload before sharing this image.'));
    const d = open();
    expect(await d.findByText('Something went wrong on our side.', { exact: false })).toBeTruthy();
    await userEvent.click(d.getByRole('button', { name: 'Retry' }));
    const item = await d.findByRole('listitem');
    expect(item.textContent).toContain('Never');
    expect(item.textContent).toContain('3 views');
    await userEvent.click(d.getByRole('button', { name: 'Create link' }));
    expect(await d.findByText('Finish the upload before sharing this image.', { exact: false })).toBeTruthy();
    expect((d.getByRole('button', { name: 'Create link' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('asks before revoking; Cancel keeps the link, Revoke link removes it', async () => {
    api.listShareLinks.mockResolvedValue([link('s1', 1)]);
    api.revokeShareLink.mockResolvedValue(undefined);
    const d = open();
    await userEvent.click(await d.findByRole('button', { name: /^Revoke link created/ }));
    expect(d.getByText('Revoke this link?')).toBeTruthy();
    await userEvent.click(d.getByRole('button', { name: 'Cancel' }));
    expect(api.revokeShareLink).not.toHaveBeenCalled();
    await userEvent.click(d.getByRole('button', { name: /^Revoke link created/ }));
    await userEvent.click(d.getByRole('button', { name: 'Revoke link' }));
    expect(api.revokeShareLink).toHaveBeenCalledWith('img1', 's1');
    expect(await d.findByText(NO_LINKS)).toBeTruthy();
  });

  it('Escape closes the dialog and stops there (the viewer behind stays open)', async () => {
    api.listShareLinks.mockResolvedValue([]);
    const onClose = vi.fn();
    const behind = vi.fn();
    document.addEventListener('keydown', (e) => !e.defaultPrevented && behind());
    open(onClose);
    await waitFor(() => expect(api.listShareLinks).toHaveBeenCalled());
    await act(async () => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(behind).not.toHaveBeenCalled();
  });
});
