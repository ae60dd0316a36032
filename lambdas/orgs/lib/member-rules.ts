import { orgsRepo, type MemberRow } from '../../adapters/orgs-repo';
import { DomainError, forbidden, notFound } from '../../lib/errors';

const ADMIN_ROW_REFUSAL = 'An admin cannot act on admin rows. Contact enterprise support to re-assign the admin.';

/** The member an admin acts on: it must exist and must not be an admin row (spec, section 6). */
export async function requireActionableMember(orgId: string, userId: string): Promise<MemberRow> {
  const member = await orgsRepo.getMember(orgId, userId);
  if (!member) throw notFound('Member not found.');
  if (member.orgRole === 'admin') throw forbidden(ADMIN_ROW_REFUSAL);
  return member;
}

export const invalidTransition = (from: string, to: string) =>
  new DomainError('invalid_transition', `A member who is ${from} cannot be made ${to}.`);
