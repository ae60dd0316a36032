import { routes } from '#shared/api/routes';
import { usersRepo } from '../adapters/users-repo';
import { defineHandler } from '../lib/define-handler';
import { findInvite } from './lib/find-invite';

/**
 * POST /invites/details {sub, token}: who is invited to which organisation. `type` is 'user' when
 * the address already has an account (sign in to accept), 'temp' when accepting creates one.
 */
export const handler = defineHandler(routes.getInviteDetails, async ({ body }) => {
  const { org, member } = await findInvite(body.sub, body.token);
  const account = await usersRepo.findByEmail(member.email);
  return {
    user: { email: member.email, type: account ? ('user' as const) : ('temp' as const) },
    organization: { name: org.name, orgId: org.orgId },
  };
});
