import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_GRANT_LIFETIME_SECONDS } from '#shared/domain/upload-grant';

const api = vi.hoisted(() => ({ apiCall: vi.fn() }));
vi.mock('./api-client', () => ({ apiCall: api.apiCall }));
vi.mock('./runtime-config', () => ({ loadRuntimeConfig: async () => ({ apiUrl: 'http://api.test' }) }));
vi.mock('./auth', () => ({ getAccessToken: async () => 'session-token' }));

const { revokeUploadGrants, withUploadGrant } = await import('./upload-grant');

const login = (userId: string) => ({ userId, orgId: '', expires: 0, status: '', sub_created: 0 });
const LIFE = UPLOAD_GRANT_LIFETIME_SECONDS * 1000;
let n = 0;

beforeEach(async () => {
  vi.useFakeTimers({ now: 1_000_000 });
  api.apiCall.mockReset().mockImplementation(async (route: { id: string }) =>
    route.id === 'createUploadGrant' ? { token: `t${++n}`, expiresAt: Date.now() + LIFE } : { ok: true, revoked: 1 });
  await revokeUploadGrants();
  api.apiCall.mockClear();
});
afterEach(() => vi.useRealTimers());

describe('withUploadGrant', () => {
  it('adds a grant with the API address, and reuses it while more than half its life is left', async () => {
    const first = await withUploadGrant(login('u1'));
    expect(first.upload_grant).toEqual({ token: expect.any(String), expiresAt: 1_000_000 + LIFE, apiUrl: 'http://api.test' });
    vi.setSystemTime(1_000_000 + LIFE / 2 - 1000);
    expect((await withUploadGrant(login('u1'))).upload_grant).toEqual(first.upload_grant);
    expect(api.apiCall).toHaveBeenCalledTimes(1);
    vi.setSystemTime(1_000_000 + LIFE / 2 + 1000);
    expect((await withUploadGrant(login('u1'))).upload_grant?.token).not.toBe(first.upload_grant?.token);
    expect(api.apiCall).toHaveBeenCalledTimes(2);
  });

  it('mints anew for another user, and after sign-out revoked them', async () => {
    const a = await withUploadGrant(login('u1'));
    const b = await withUploadGrant(login('u2'));
    expect(b.upload_grant?.token).not.toBe(a.upload_grant?.token);
    await revokeUploadGrants();
    // With the token read up front, and a request that outlives the page (sign-out clears the session at once).
    expect(api.apiCall).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'revokeUploadGrants' }), { body: {}, token: 'session-token', keepalive: true });
    const c = await withUploadGrant(login('u2'));
    expect(c.upload_grant?.token).not.toBe(b.upload_grant?.token);
  });

  it('asks for no grant when sign-out begins while the session token is fetched', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let wanted = true;
    const pending = withUploadGrant(login('u4'), () => wanted);
    wanted = false; // the Sign out click, before the token is here
    expect(await pending).toEqual(login('u4'));
    expect(api.apiCall).not.toHaveBeenCalled();
  });

  it('sends the login without a grant when none can be minted', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    api.apiCall.mockRejectedValue(new Error('offline'));
    expect(await withUploadGrant(login('u3'))).toEqual(login('u3'));
    await expect((await revokeUploadGrants()).answered).resolves.toBeUndefined();
  });
});
