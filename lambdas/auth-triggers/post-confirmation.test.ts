import { randomUUID } from 'node:crypto';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
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

  it('copies the name given at sign-up (or by the social provider), tidied', async () => {
    const sub = randomUUID();
    await handler(event(sub, { name: '  Grace   Hopper ' }));
    expect((await usersRepo.get(sub))?.name).toBe('Grace Hopper');
  });

  it('records the social provider as the log-in method', () => {
    expect(loginMethodOf({ identities: '[{"providerName":"Google"}]' })).toBe('Google');
    expect(loginMethodOf({ identities: 'not json' })).toBe('email');
    expect(loginMethodOf({})).toBe('email');
  });
});
