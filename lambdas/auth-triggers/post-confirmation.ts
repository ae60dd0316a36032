import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { SIGNUP_NAME_ATTRIBUTE } from '#shared/deploy/user-attributes';
import { normalizeDisplayName } from '#shared/rules/display-name';
import { adminName } from '../adapters/cognito-admin';
import { usersRepo } from '../adapters/users-repo';
import { logger } from '../lib/logger';
import { countEvent } from '../lib/metrics';

/** Social sign-ins carry `identities` (JSON list); its first provider is the log-in method. */
export function loginMethodOf(attributes: Record<string, string | undefined>): string {
  try {
    const ids = JSON.parse(attributes.identities ?? '[]') as { providerName?: string }[];
    return ids[0]?.providerName ?? 'email';
  } catch {
    return 'email';
  }
}

/**
 * Creates the user row once the sign-up is confirmed (for Google, at the first sign-in), and gives
 * the user the name offered at sign-up. Idempotent: a retried trigger changes nothing.
 *
 * The name comes as custom:signup_name (the sign-up form's field, or Google's name by the identity
 * provider's mapping), which the user could have set to anything: it becomes `name` only through
 * the name rule POST /account/name applies. Doing it here, not from the site after the first
 * sign-in, works the same in AWS and on cognito-local (which runs this trigger through the local
 * API), for both sign-up paths, and also when the code is confirmed in another browser.
 */
export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const attrs = event.request.userAttributes;
  const name = normalizeDisplayName(attrs[SIGNUP_NAME_ATTRIBUTE] ?? '');
  // Before the row: a retry after a failure here still writes both.
  if (name) await adminName.set(event.userName, name, event.userPoolId);
  const now = new Date().toISOString();
  const created = await usersRepo.createIfAbsent({
    userId: attrs.sub,
    email: (attrs.email ?? '').toLowerCase(),
    identityId: attrs['custom:identity_id'],
    loginMethod: loginMethodOf(attrs),
    ...(name ? { name } : {}),
    created: now,
    updated: now,
  });
  logger.info('post-confirmation', { userId: attrs.sub, created });
  if (created) countEvent('SignUp');
  return event;
}
