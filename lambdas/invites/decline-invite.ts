import { routes } from '#shared/api/routes';
import { sendEmail } from '../adapters/email';
import { orgsRepo } from '../adapters/orgs-repo';
import { defineHandler } from '../lib/define-handler';
import { logger } from '../lib/logger';
import { hashSecretToken } from '../lib/secret-token';
import { releaseSeats } from '../orgs/lib/seat-ledger';
import { findInvite, inviteNotFound } from './lib/find-invite';

/**
 * POST /invites/decline {sub, token}: the invitee says no. The member item goes (only with the
 * current token, so a used or replaced token is 404), its seat is freed, the admin is told by
 * e-mail, and the answer names the admin to contact.
 */
export const handler = defineHandler(routes.declineInvite, async ({ body }) => {
  const { org, member } = await findInvite(body.sub, body.token);
  const removed = await orgsRepo.deleteInvite(org.orgId, member.memberUserId, { inviteTokenHash: hashSecretToken(body.token) });
  if (!removed) throw inviteNotFound();
  await releaseSeats(org.orgId, 1);
  try {
    await sendEmail({
      to: org.adminEmail,
      kind: 'invitation-declined',
      subject: `${member.email} declined the invitation to ${org.name}`,
      text: `${member.email} declined the invitation to join ${org.name} on Full Page Shot. Their seat is free again.`,
    });
  } catch (e) {
    logger.warn('decline notice not sent', { orgId: org.orgId, error: (e as Error).message });
  }
  return { orgAdminEmail: org.adminEmail };
});
