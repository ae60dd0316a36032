import { effectiveSeats, remainingSeats, reservationLimit, seatsUsed } from '#shared/rules/seats';
import { orgsRepo, type OrgRow } from '../../adapters/orgs-repo';
import { DomainError } from '../../lib/errors';

/**
 * Seats are reserved on the org item before any member item is written, and given back when a
 * write fails (docs/architecture.md, "Data"): the counter `seatsUsed` (active + invited members) is changed
 * only by conditional UpdateItems, so concurrent invitations never take more seats than there are.
 */

/** The org item with its counter, setting the counter from the member list if it has none yet. */
async function withCounter(org: OrgRow): Promise<OrgRow> {
  if (typeof org.seatsUsed === 'number') return org;
  await orgsRepo.initSeatsUsed(org.orgId, seatsUsed(await orgsRepo.listMembers(org.orgId)));
  return (await orgsRepo.getOrg(org.orgId)) ?? org;
}

/** Reserves `n` seats; false when fewer than `n` remain. */
export async function reserveSeats(org: OrgRow, n: number): Promise<boolean> {
  if (n <= 0) return true;
  let current = await withCounter(org);
  // A second try only if the seats themselves changed under us (staff edit); otherwise it is full.
  for (let attempt = 0; attempt < 2; attempt++) {
    const members = current.seats === null ? await orgsRepo.listMembers(current.orgId) : [];
    const seats = effectiveSeats(current.seats, members);
    if (await orgsRepo.reserveSeats(current.orgId, n, { seats: current.seats, limit: reservationLimit(seats, n) })) return true;
    const fresh = await orgsRepo.getOrg(current.orgId);
    if (!fresh || fresh.seats === current.seats) return false;
    current = await withCounter(fresh);
  }
  return false;
}

/** Gives `n` seats back (after a failed write, a revoke, a decline or a deactivation). */
export async function releaseSeats(orgId: string, n: number): Promise<void> {
  await orgsRepo.releaseSeats(orgId, n);
}

/** The 409 for a reservation that did not fit, with the seats remaining now. */
export async function seatLimitError(orgId: string, requested: number): Promise<DomainError> {
  const org = await orgsRepo.getOrg(orgId);
  const members = org?.seats === null ? await orgsRepo.listMembers(orgId) : [];
  const remaining = org ? remainingSeats(effectiveSeats(org.seats, members), org.seatsUsed ?? 0) : 0;
  return new DomainError(
    'seat_limit_reached',
    `Not enough seats: ${requested} requested, ${remaining} remaining. Contact enterprise support to add seats.`,
  );
}
