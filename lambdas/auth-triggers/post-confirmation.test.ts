import { randomUUID } from 'node:crypto';
import { AdminGetUserCommand, ConfirmSignUpCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { SIGNUP_NAME_ATTRIBUTE } from '#shared/deploy/user-attributes';
import { cognitoAdmin, LOCAL_CONFIRMATION_CODE } from '../../scripts/local/cognito';
import { DEMO_PASSWORD } from '../../scripts/local/seed';
import { pool, uniqueEmail } from '../../test/integration/helpers';
import { usersRepo } from '../adapters/users-repo';
import { handler, loginMethodOf } from './post-confirmation';

const event = (sub: string, attrs: Record<string, string> = {}) =>
  ({
    triggerSource: 'PostConfirmation_ConfirmSignUp',
    request: { userAttributes: { sub, email: 'New.User@Example.com', ...attrs } },
    response: {},
  }) as unknown as PostConfirmationTriggerEvent;

describe('PostConfirmation trigger', () => {
  it('creates the user row once; a retried trigger changes nothing', async () => {
    const sub = randomUUID();
    await handler(event(sub));
    const first = await usersRepo.get(sub);
    expect(first).toMatchObject({ userId: sub, email: 'new.user@example.com', loginMethod: 'email' });
    await handler(event(sub, { email: 'changed@example.com' }));
    expect(await usersRepo.get(sub)).toEqual(first);
  });

  it('makes the name offered at sign-up (custom:signup_name: the form, or Google) the name, tidied, on the user and the row', async () => {
    // Through cognito-local, which runs this trigger when the code is confirmed.
    const email = uniqueEmail();
    const c = cognitoAdmin(pool().endpoint);
    await c.send(new SignUpCommand({
      ClientId: pool().userPoolClientId, Username: email, Password: DEMO_PASSWORD,
      UserAttributes: [{ Name: 'email', Value: email }, { Name: SIGNUP_NAME_ATTRIBUTE, Value: '  Grace \t  Hopper ' }],
    }));
    await c.send(new ConfirmSignUpCommand({ ClientId: pool().userPoolClientId, Username: email, ConfirmationCode: LOCAL_CONFIRMATION_CODE }));
    const u = await c.send(new AdminGetUserCommand({ UserPoolId: pool().userPoolId, Username: email }));
    c.destroy();
    const attr = (n: string) => u.UserAttributes?.find((a) => a.Name === n)?.Value;
    expect(attr('name')).toBe('Grace Hopper');
    expect((await usersRepo.get(attr('sub')!))?.name).toBe('Grace Hopper');
  });

  it('gives no name when none (or only white space) was offered', async () => {
    const sub = randomUUID();
    await handler(event(sub, { [SIGNUP_NAME_ATTRIBUTE]: ' \u0000 ' }));
    expect((await usersRepo.get(sub))?.name).toBeUndefined();
  });

  it('records the social provider as the log-in method', () => {
    expect(loginMethodOf({ identities: '[{"providerName":"Google"}]' })).toBe('Google');
    expect(loginMethodOf({ identities: 'not json' })).toBe('email');
    expect(loginMethodOf({})).toBe('email');
  });
});
