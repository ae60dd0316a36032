import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminLookupResult } from '#shared/domain/admin';
import { ApiClientError } from '../../lib/api-client';
import { deleteUser } from './api/delete-user';
import { searchUsers } from './api/search-users';
import { verifyUser } from './api/verify-user';
import { useAdminActions } from './use-admin-actions';
import { NO_MATCH_MESSAGE, useAdminSearch } from './use-admin-search';
import { groupsFromAccessToken } from './use-staff-access';

vi.mock('./api/search-users', () => ({ searchUsers: vi.fn() }));
vi.mock('./api/verify-user', () => ({ verifyUser: vi.fn() }));
vi.mock('./api/delete-user', () => ({ deleteUser: vi.fn() }));

const user: AdminLookupResult = {
  cognito: { userStatus: 'UNCONFIRMED', username: 'u', attributes: { sub: 'sub-1', email: 'a@example.com' } },
  dbUser: null, dbOrg: null, stripeCustomer: null,
};

const deferred = <T,>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

beforeEach(() => {
  vi.mocked(searchUsers).mockReset();
  vi.mocked(verifyUser).mockReset();
  vi.mocked(deleteUser).mockReset();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useAdminSearch', () => {
  it('goes idle → loading → loaded, and ignores a second search while loading', async () => {
    const first = deferred<AdminLookupResult>();
    vi.mocked(searchUsers).mockReturnValueOnce(first.promise);
    const { result } = renderHook(() => useAdminSearch());
    expect(result.current.state).toEqual({ status: 'idle' });

    let started!: Promise<boolean>;
    act(() => {
      started = result.current.search('a@example.com');
    });
    expect(result.current.state).toEqual({ status: 'loading', query: 'a@example.com' });
    let second!: boolean;
    await act(async () => {
      second = await result.current.search('other@example.com');
    });
    expect(second).toBe(false);
    expect(searchUsers).toHaveBeenCalledTimes(1);

    await act(async () => {
      first.resolve(user);
      await started;
    });
    expect(result.current.state).toEqual({ status: 'loaded', query: 'a@example.com', result: user });
  });

  it('loads with an error: "no match" for a 404, the server message otherwise', async () => {
    vi.mocked(searchUsers)
      .mockRejectedValueOnce(new ApiClientError(404, 'not_found', 'No user matches this search.'))
      .mockRejectedValueOnce(new ApiClientError(500, 'internal', 'Something went wrong on our side.'));
    const { result } = renderHook(() => useAdminSearch());
    await act(() => result.current.search('nobody@example.com'));
    expect(result.current.state).toMatchObject({ status: 'loaded', notFound: true, error: NO_MATCH_MESSAGE });
    await act(() => result.current.search('abc'));
    expect(result.current.state).toMatchObject({ status: 'loaded', notFound: false, error: 'Something went wrong on our side.' });
  });
});

describe('useAdminActions', () => {
  const setup = (reload = vi.fn().mockResolvedValue(undefined)) => {
    const onAudited = vi.fn();
    const hook = renderHook(() => useAdminActions({ reload, onAudited }));
    return { ...hook, reload, onAudited };
  };
  const titles = (r: { current: ReturnType<typeof useAdminActions> }) => r.current.notices.map((n) => n.title);

  it('verifies only after the confirm dialog, then reloads the user', async () => {
    vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.mocked(verifyUser).mockResolvedValue({ type: 'success', message: 'User verified.' });
    const { result, reload, onAudited } = setup();
    await act(() => result.current.verify(user, 'a@example.com'));
    expect(verifyUser).not.toHaveBeenCalled();
    await act(() => result.current.verify(user, 'a@example.com'));
    expect(verifyUser).toHaveBeenCalledWith('sub-1');
    expect(reload).toHaveBeenCalledWith('a@example.com');
    expect(titles(result)).toEqual(['User verified.']);
    expect(onAudited).toHaveBeenCalledTimes(1);
  });

  it("says 'Error verifying user' when the call fails or answers an error", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    vi.mocked(verifyUser)
      .mockRejectedValueOnce(new ApiClientError(500, 'internal', 'boom'))
      .mockResolvedValueOnce({ type: 'error', message: 'The sign-up could not be confirmed.' });
    const { result, reload } = setup();
    await act(() => result.current.verify(user, 'q'));
    expect(result.current.notices).toMatchObject([{ severity: 'error', title: 'Error verifying user', message: 'boom' }]);
    await act(() => result.current.verify(user, 'q'));
    expect(result.current.notices).toMatchObject([{ title: 'Error verifying user', message: 'The sign-up could not be confirmed.' }]);
    expect(reload).not.toHaveBeenCalled();
  });

  it("says 'User verified, but error reloading. Please referesh the page' when the reload fails", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    vi.mocked(verifyUser).mockResolvedValue({ type: 'success', message: 'User verified.' });
    const { result } = setup(vi.fn().mockRejectedValue(new Error('offline')));
    await act(() => result.current.verify(user, 'q'));
    expect(titles(result)).toEqual(['User verified, but error reloading. Please referesh the page']);
  });

  it('deletes only after DELETE is typed in the prompt', async () => {
    vi.spyOn(window, 'prompt').mockReturnValueOnce(null).mockReturnValueOnce('delete').mockReturnValueOnce('DELETE');
    vi.mocked(deleteUser).mockResolvedValue({ type: 'success', message: 'User deleted.' });
    const { result, reload } = setup();
    await act(() => result.current.remove(user, 'q'));
    expect(result.current.notices).toEqual([]);
    await act(() => result.current.remove(user, 'q'));
    expect(titles(result)).toEqual(['Nothing was deleted.']);
    expect(result.current.notices[0]).toMatchObject({ message: 'You typed "delete": type DELETE in capital letters to confirm a delete.' });
    expect(deleteUser).not.toHaveBeenCalled();
    await act(() => result.current.remove(user, 'q'));
    expect(deleteUser).toHaveBeenCalledWith('sub-1');
    expect(reload).toHaveBeenCalledWith('q', { goneIsFine: true });
    expect(titles(result)).toEqual(['User deleted.']);
  });

  it("says 'Error deleting user' on failure and 'Error reloading user' when the reload after it fails", async () => {
    vi.spyOn(window, 'prompt').mockReturnValue('DELETE');
    vi.mocked(deleteUser)
      .mockRejectedValueOnce(new ApiClientError(409, 'conflict', 'This user is the administrator of an organisation.'))
      .mockResolvedValueOnce({ type: 'error', message: 'The user can no longer sign in, but 1 image(s) could not be deleted.' });
    const { result } = setup(vi.fn().mockRejectedValue(new Error('offline')));
    await act(() => result.current.remove(user, 'q'));
    expect(result.current.notices).toMatchObject([{ title: 'Error deleting user', message: 'This user is the administrator of an organisation.' }]);
    await act(() => result.current.remove(user, 'q'));
    await waitFor(() => expect(titles(result)).toEqual(['Error deleting user', 'Error reloading user']));
  });
});

describe('groupsFromAccessToken', () => {
  const jwt = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;
  it('reads cognito:groups from the token payload', () => {
    expect(groupsFromAccessToken(jwt({ sub: 'x', 'cognito:groups': ['staff', 'other'] }))).toEqual(['staff', 'other']);
  });
  it('answers none for tokens without groups or that cannot be read', () => {
    expect(groupsFromAccessToken(jwt({ sub: 'x' }))).toEqual([]);
    expect(groupsFromAccessToken('garbage')).toEqual([]);
    expect(groupsFromAccessToken(undefined)).toEqual([]);
  });
});
