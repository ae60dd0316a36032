import { beforeEach, describe, expect, it, vi } from 'vitest';
import { beginSignOut, resetAuthForTests, setAuthState } from './auth';
import type { ExtensionBridge } from './extension-bridge';

const grants = vi.hoisted(() => ({ withUploadGrant: vi.fn(async (m: object) => ({ ...m, upload_grant: { token: 't' } })) }));
vi.mock('./upload-grant', () => grants);

const { handOverLogin, mayHandOver } = await import('./extension-login');

const user = { userId: 'u1', email: 'a@x.example', name: 'A', loginMethod: 'Email', isSocial: false };
const login = { userId: 'u1', orgId: '', expires: 0, status: '', sub_created: 0 };

/** A bridge whose extension answers at once; records what it was asked to send. */
function fakeBridge() {
  const sent: unknown[] = [];
  const bridge = {
    sendLogin: async (payload: object | (() => Promise<object | null>)) => {
      const body = typeof payload === 'function' ? await payload() : payload;
      if (body) sent.push(body);
      return body ? { status: '' } : null;
    },
  } as unknown as ExtensionBridge;
  return { bridge, sent };
}

beforeEach(() => {
  grants.withUploadGrant.mockClear();
  resetAuthForTests({ status: 'signedIn', user });
});

describe('handing the login over to the extension', () => {
  it('goes out, grant included, for the signed-in user only', async () => {
    const { bridge, sent } = fakeBridge();
    await handOverLogin(bridge, login);
    expect(sent).toEqual([{ ...login, upload_grant: { token: 't' } }]);
    expect(await handOverLogin(bridge, { ...login, userId: 'someone-else' })).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('never once sign-out has begun: no login, and no grant is minted', async () => {
    const { bridge, sent } = fakeBridge();
    beginSignOut();
    expect(mayHandOver('u1')).toBe(false);
    expect(await handOverLogin(bridge, login)).toBeNull();
    expect(sent).toEqual([]);
    expect(grants.withUploadGrant).not.toHaveBeenCalled();
  });

  it('sends nothing when sign-out begins while the grant is minted', async () => {
    const { bridge, sent } = fakeBridge();
    grants.withUploadGrant.mockImplementationOnce(async (m: object) => {
      beginSignOut();
      return { ...m, upload_grant: { token: 't' } };
    });
    expect(await handOverLogin(bridge, login)).toBeNull();
    expect(sent).toEqual([]);
  });

  it('signing out ends the latch: a new sign-in on the same page hands over again', () => {
    beginSignOut();
    setAuthState({ status: 'signedOut', user: null });
    setAuthState({ status: 'signedIn', user });
    expect(mayHandOver('u1')).toBe(true);
  });
});
