import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { normalizeDisplayName } from '#shared/rules/display-name';
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

/** Creates the user row once the sign-up is confirmed. Idempotent: a retried trigger changes nothing. */
export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const attrs = event.request.userAttributes;
  const now = new Date().toISOString();
  const created = await usersRepo.createIfAbsent({
    userId: attrs.sub,
    email: (attrs.email ?? '').toLowerCase(),
    identityId: attrs['custom:identity_id'],
    loginMethod: loginMethodOf(attrs),
    // The name given at sign-up, or the social provider's (the auth stack maps Google's name).
    ...(attrs.name ? { name: normalizeDisplayName(attrs.name) } : {}),
    created: now,
    updated: now,
  });
  logger.info('post-confirmation', { userId: attrs.sub, created });
  if (created) countEvent('SignUp');
  return event;
}
