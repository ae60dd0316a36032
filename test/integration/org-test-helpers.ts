import { randomUUID } from 'node:crypto';
import type { OrgStatus } from '#shared/domain/account';
import { readOutbox, type OutboxEntry } from '../../scripts/local/outbox';
import { signedInUser, uniqueEmail } from './helpers';
import { memberSk, ORG_SK, orgsRepo, type MemberRow, type OrgRow } from '../../lambdas/adapters/orgs-repo';
import { usersRepo } from '../../lambdas/adapters/users-repo';
import { newInviteToken } from '../../lambdas/orgs/lib/invite-token';
import { standInMemberId } from '../../lambdas/orgs/lib/invitations';

/** Test-only helpers for the organisation and invitation handler tests (run against the local stack). */

type TestUser = Awaited<ReturnType<typeof signedInUser>>;

export interface TestOrg {
  orgId: string;
  admin: TestUser;
  /** Pending invitations made here: their link's sub and token. */
  invites: { email: string; sub: string; token: string }[];
}

type MemberSpec =
  | { user: TestUser; status: Exclude<OrgStatus, 'invited'> }
  | { email: string; status: 'invited'; userId?: string; expiresAt?: number };

/**
 * An organisation written straight to the table (as the seed does): a signed-in admin and the
 * given members, `seatsUsed` matching them (or as given), user rows linked.
 */
export async function makeOrg(opts: { seats?: number | null; members?: MemberSpec[]; seatsUsed?: number; name?: string } = {}): Promise<TestOrg> {
  const admin = await signedInUser(uniqueEmail('admin'));
  const orgId = `org_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const now = new Date().toISOString();
  const rows: MemberRow[] = [
    { orgId, sk: memberSk(admin.userId), memberUserId: admin.userId, email: admin.email, orgRole: 'admin', orgStatus: 'active', created: now, updated: now },
  ];
  const invites: TestOrg['invites'] = [];
  for (const m of opts.members ?? []) {
    if (m.status === 'invited') {
      const id = m.userId ?? standInMemberId(orgId, m.email);
      const t = newInviteToken();
      rows.push({
        orgId, sk: memberSk(id), memberUserId: id, email: m.email, orgRole: 'member', orgStatus: 'invited',
        inviteTokenHash: t.hash, inviteExpiresAt: m.expiresAt ?? t.expiresAt, created: now, updated: now,
      });
      invites.push({ email: m.email, sub: id, token: t.token });
    } else {
      rows.push({
        orgId, sk: memberSk(m.user.userId), memberUserId: m.user.userId, email: m.user.email, orgRole: 'member', orgStatus: m.status,
        created: now, updated: now,
      });
    }
  }
  const used = rows.filter((r) => r.orgStatus === 'active' || r.orgStatus === 'invited').length;
  const org: OrgRow = {
    orgId, sk: ORG_SK, name: opts.name ?? 'Test Org LLP', seats: opts.seats === undefined ? 5 : opts.seats, seatsUsed: opts.seatsUsed ?? used,
    adminEmail: admin.email, adminUserId: admin.userId, subscription: null, created: now, updated: now,
  };
  await orgsRepo.createOrg(org);
  for (const r of rows) await orgsRepo.createMember(r);
  for (const r of rows) if (r.orgStatus !== 'invited') await usersRepo.update(r.memberUserId, { orgId });
  return { orgId, admin, invites };
}

export const seatsUsedOf = async (orgId: string) => (await orgsRepo.getOrg(orgId))?.seatsUsed;

/** Mail sent to `to` (newest first), optionally of one kind. */
export async function mailTo(to: string, kind?: string): Promise<OutboxEntry[]> {
  return (await readOutbox(process.env.OUTBOX_DIR!)).filter((m) => m.to === to && (!kind || m.kind === kind));
}

/** The sub and token of the invitation link in a mail. */
function linkOf(mail: OutboxEntry): { url: URL; sub: string; token: string } {
  const match = /https?:\/\/\S+\/invites\?\S+/.exec(mail.text);
  if (!match) throw new Error(`no invitation link in: ${mail.text}`);
  const url = new URL(match[0]);
  return { url, sub: url.searchParams.get('sub')!, token: url.searchParams.get('token')! };
}

/** The newest invitation link sent to `to`. */
export async function latestInvite(to: string) {
  const [mail] = await mailTo(to, 'invitation');
  if (!mail) throw new Error(`no invitation sent to ${to}`);
  return linkOf(mail);
}
