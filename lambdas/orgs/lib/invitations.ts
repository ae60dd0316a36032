import { createHash } from 'node:crypto';
import { normalizedInviteEmails } from '#shared/rules/invite-emails';
import { isPendingInvite } from '#shared/rules/membership';
import { sendEmail, type EmailMessage } from '../../adapters/email';
import { memberSk, orgsRepo, type MemberRow, type OrgRow } from '../../adapters/orgs-repo';
import { usersRepo } from '../../adapters/users-repo';
import { config } from '../../lib/config';
import { DomainError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { INVITE_TTL_DAYS, newInviteToken } from './invite-token';
import { belongsToAnotherOrg } from './org-access';
import { releaseSeats, reserveSeats, seatLimitError } from './seat-ledger';

/**
 * Invitations (docs/architecture.md, "Data"): each lives on its member item with a random 256-bit token
 * stored only as a hash, an expiry, and is single use. The e-mail carries
 * `${SITE_URL}/invites?sub=<memberUserId>&token=<token>`.
 *
 * The member item's user id is the invitee's own user id when they already have an account, or
 * else a stand-in derived from the organisation and the e-mail (so two concurrent invitations of
 * the same new address collide on one key instead of making two). Accepting moves a stand-in
 * item to the real user id; the `sub` in the link stays valid until then.
 */

const inviteLink = (sub: string, token: string): string =>
  `${config.siteUrl()}/invites?sub=${encodeURIComponent(sub)}&token=${encodeURIComponent(token)}`;

/** The stand-in member id of an invitee who has no account yet. */
export const standInMemberId = (orgId: string, email: string): string =>
  `inv-${createHash('sha256').update(`${orgId}\n${email.toLowerCase()}`).digest('hex').slice(0, 32)}`;

function invitationEmail(org: Pick<OrgRow, 'name' | 'adminEmail'>, to: string, link: string): EmailMessage {
  return {
    to,
    kind: 'invitation',
    subject: `You're invited to join ${org.name} on Full Page Shot`,
    text: [
      `${org.adminEmail} invited you to join ${org.name} on Full Page Shot Enterprise.`,
      '',
      'Open this link to accept or decline the invitation:',
      link,
      '',
      `The link works once and expires in ${INVITE_TTL_DAYS} days. If it has expired, ask ${org.adminEmail} to send a new one.`,
      "If you weren't expecting this invitation, you can ignore this e-mail.",
    ].join('\n'),
  };
}

export interface InvitationResult {
  /** New invitations written (seats taken). */
  invited: MemberRow[];
  /** Pending invitations sent again with a fresh token (no extra seat). */
  resent: MemberRow[];
  /** Addresses whose e-mail could not be sent (the invitation stands; Resend retries). */
  unsent: string[];
}

async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  });
  await Promise.all(workers);
  return out;
}

/** Deletes invitation items this request wrote; answers how many could not be deleted (their seats stay taken). */
async function undoInvitations(orgId: string, rows: readonly MemberRow[]): Promise<number> {
  const undone = await Promise.all(
    rows.map((r) =>
      orgsRepo.deleteInvite(orgId, r.memberUserId, { inviteTokenHash: r.inviteTokenHash }).then(
        (deleted) => !!deleted,
        (e: unknown) => {
          logger.error('invitation left behind after a failed request', { orgId, memberUserId: r.memberUserId, error: (e as Error).message });
          return false;
        },
      ),
    ),
  );
  return undone.filter((ok) => !ok).length;
}

/**
 * Invites `emails` to `org`: addresses with a pending invitation get it again (new token, new
 * e-mail, no extra seat); new addresses need one seat each, reserved in one conditional write
 * before any member item is written. Addresses of current members (or of users in another
 * organisation) refuse the whole request before anything changes.
 */
export async function inviteMembers(org: OrgRow, rawEmails: readonly string[]): Promise<InvitationResult> {
  const emails = normalizedInviteEmails(rawEmails);
  const members = await orgsRepo.listMembers(org.orgId);
  const byEmail = new Map(members.map((m) => [m.email.toLowerCase(), m]));

  const pending: MemberRow[] = [];
  const fresh: string[] = [];
  const current: string[] = [];
  for (const email of emails) {
    const m = byEmail.get(email);
    if (!m) fresh.push(email);
    else if (isPendingInvite(m)) pending.push(m);
    else current.push(email);
  }
  if (current.length > 0) {
    throw new DomainError('conflict', `Already a member of ${org.name}: ${current.join(', ')}.`);
  }

  const users = await mapLimited(fresh, 10, (email) => usersRepo.findByEmail(email));
  const elsewhere = (await mapLimited(users, 10, async (u) => (u && (await belongsToAnotherOrg(u, org.orgId)) ? u.email : null)))
    .filter((e): e is string => !!e);
  if (elsewhere.length > 0) {
    throw new DomainError('conflict', `Already in another organization: ${elsewhere.join(', ')}.`);
  }

  if (!(await reserveSeats(org, fresh.length))) throw await seatLimitError(org.orgId, fresh.length);

  const now = new Date().toISOString();
  const tokens = new Map<string, string>();
  const written = await Promise.allSettled(
    fresh.map(async (email, i) => {
      const memberUserId = users[i]?.userId ?? standInMemberId(org.orgId, email);
      const invite = newInviteToken();
      const row: MemberRow = {
        orgId: org.orgId, sk: memberSk(memberUserId), memberUserId, email, orgRole: 'member', orgStatus: 'invited',
        inviteTokenHash: invite.hash, inviteExpiresAt: invite.expiresAt, created: now, updated: now,
      };
      // Taken key: the same address was invited at the same moment by another request.
      if (!(await orgsRepo.createMember(row))) return undefined;
      tokens.set(memberUserId, invite.token);
      return row;
    }),
  );
  const invited = written.flatMap((r) => (r.status === 'fulfilled' && r.value ? [r.value] : []));
  const failure = written.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) {
    // All or nothing: the admin is told it failed, so no invitation of this request may stay
    // behind (unsent, and taking a seat the admin does not know about).
    const kept = await undoInvitations(org.orgId, invited);
    await releaseSeats(org.orgId, fresh.length - kept);
    throw failure.reason;
  }
  await releaseSeats(org.orgId, fresh.length - invited.length);

  const resent = (
    await mapLimited(pending, 10, async (m) => {
      const invite = newInviteToken();
      const row = await orgsRepo.renewInvite(org.orgId, m.memberUserId, invite);
      if (row) tokens.set(m.memberUserId, invite.token);
      return row;
    })
  ).filter((r): r is MemberRow => !!r);

  const unsent: string[] = [];
  await mapLimited([...invited, ...resent], 5, async (m) => {
    try {
      await sendEmail(invitationEmail(org, m.email, inviteLink(m.memberUserId, tokens.get(m.memberUserId)!)));
    } catch (e) {
      logger.error('invitation e-mail not sent', { orgId: org.orgId, memberUserId: m.memberUserId, error: (e as Error).message });
      unsent.push(m.email);
    }
  });
  logger.info('invitations', { orgId: org.orgId, invited: invited.length, resent: resent.length, unsent: unsent.length });
  return { invited, resent, unsent };
}
