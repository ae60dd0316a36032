import { routes } from '#shared/api/routes';
import { isAllowedStatusChange } from '#shared/domain/organization';
import { orgsRepo } from '../adapters/orgs-repo';
import { defineHandler } from '../lib/define-handler';
import { DomainError } from '../lib/errors';
import { invalidTransition, requireActionableMember } from './lib/member-rules';
import { requireOrgAdmin } from './lib/org-access';
import { toMember } from './lib/org-view';
import { releaseSeats, reserveSeats, seatLimitError } from './lib/seat-ledger';

const changed = () => new DomainError('conflict', "The member's status has just changed. Reload the members list.");

/**
 * PUT /orgs/{orgId}/members/{userId}/status: active → deactivated (frees the seat) and
 * deactivated → active (needs a free seat, reserved first). Every other change is 409
 * invalid_transition: invitations are resent or deleted, archived members have no actions.
 */
export const handler = defineHandler(routes.updateEnterpriseMemberStatus, async ({ principal, params, body }) => {
  const { org } = await requireOrgAdmin(principal, params.orgId);
  const member = await requireActionableMember(org.orgId, params.userId);
  const to = body.status;
  if (!isAllowedStatusChange(member.orgStatus, to)) throw invalidTransition(member.orgStatus, to);

  if (to === 'deactivated') {
    const row = await orgsRepo.changeStatus(org.orgId, member.memberUserId, 'active', 'deactivated');
    if (!row) throw changed();
    await releaseSeats(org.orgId, 1);
    return toMember(row);
  }

  // Reactivation takes a seat again: reserve, change, give it back if the change did not happen.
  if (!(await reserveSeats(org, 1))) throw await seatLimitError(org.orgId, 1);
  let row;
  try {
    row = await orgsRepo.changeStatus(org.orgId, member.memberUserId, 'deactivated', 'active');
  } catch (e) {
    await releaseSeats(org.orgId, 1);
    throw e;
  }
  if (!row) {
    await releaseSeats(org.orgId, 1);
    throw changed();
  }
  return toMember(row);
});
