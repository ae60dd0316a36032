import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { DISPLAY_NAME_MAX_LENGTH } from '#shared/rules/display-name';
import { cognitoAdmin } from '../../scripts/local/cognito';
import { callApi, pool, signedInUser } from '../../test/integration/helpers';
import { usersRepo } from '../adapters/users-repo';

async function cognitoName(userId: string) {
  const c = cognitoAdmin(pool().endpoint);
  const u = await c.send(new AdminGetUserCommand({ UserPoolId: pool().userPoolId, Username: userId }));
  c.destroy();
  return u.UserAttributes?.find((a) => a.Name === 'name')?.Value;
}

const setName = (token: string, name: unknown) => callApi(routes.updateAccountName, { token, body: { name } as never });

describe('updateAccountName (local API, cognito-local, dynalite)', () => {
  it('sets the tidied name on the Cognito user and the user row, and clears it with an empty name', async () => {
    const u = await signedInUser();
    expect(await setName(u.accessToken, '  Ada   Lovelace ')).toEqual({ status: 200, body: { ok: true, name: 'Ada Lovelace' } });
    expect(await cognitoName(u.userId)).toBe('Ada Lovelace');
    expect((await usersRepo.get(u.userId))?.name).toBe('Ada Lovelace');

    expect(await setName(u.accessToken, '')).toEqual({ status: 200, body: { ok: true, name: '' } });
    expect(await cognitoName(u.userId)).toBeUndefined();
    expect((await usersRepo.get(u.userId))?.name).toBe('');
  });

  it('cuts a long name by whole graphemes (cut-text.ts: an emoji is never split) and refuses bad input with 400', async () => {
    const u = await signedInUser();
    const r = await setName(u.accessToken, '🧮'.repeat(DISPLAY_NAME_MAX_LENGTH + 10));
    expect(r.status).toBe(200);
    expect((r.body as { name: string }).name).toBe('🧮'.repeat(DISPLAY_NAME_MAX_LENGTH / 2));
    expect(await cognitoName(u.userId)).toBe('🧮'.repeat(DISPLAY_NAME_MAX_LENGTH / 2));

    for (const bad of [42, null, 'x'.repeat(1001)]) expect((await setName(u.accessToken, bad)).status).toBe(400);
    expect((await callApi(routes.updateAccountName, { token: u.accessToken, body: { name: 'A', extra: 1 } as never })).status).toBe(400);
  });

  it('needs a sign-in', async () => {
    expect((await callApi(routes.updateAccountName, { body: { name: 'A' } })).status).toBe(401);
  });
});
