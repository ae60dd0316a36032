import type { OrgStatus } from '../domain/account';

/**
 * Seat math of an organisation (spec 000, section 5):
 *
 * - used = members whose status is active or invited;
 * - remaining = max(seats − used, 0);
 * - seats default to the member count when unset.
 *
 * The server keeps the same `used` figure as a counter on the org item (`seatsUsed`), changed only
 * with conditional writes; the web shows what these functions compute from the member list.
 */

/** Member statuses that hold a seat. */
const SEAT_HOLDING_STATUSES: readonly OrgStatus[] = ['active', 'invited'];

export const holdsSeat = (status: OrgStatus): boolean => SEAT_HOLDING_STATUSES.includes(status);

type SeatMember = { orgStatus: OrgStatus };

/** Members that hold a seat (active or invited). */
export const seatsUsed = (members: readonly SeatMember[]): number => members.filter((m) => holdsSeat(m.orgStatus)).length;

/** The organisation's seats; when unset, the member count. */
export const effectiveSeats = (seats: number | null | undefined, members: readonly SeatMember[]): number =>
  typeof seats === 'number' && Number.isFinite(seats) ? seats : members.length;

/** max(seats − used, 0). */
export const remainingSeats = (seats: number, used: number): number => Math.max(seats - used, 0);

export interface SeatSummary {
  seats: number;
  used: number;
  remaining: number;
}

/** Seats, used and remaining for an organisation and its members. */
export function seatSummary(seats: number | null | undefined, members: readonly SeatMember[]): SeatSummary {
  const total = effectiveSeats(seats, members);
  const used = seatsUsed(members);
  return { seats: total, used, remaining: remainingSeats(total, used) };
}

/**
 * The highest `seatsUsed` the org item may hold before reserving `n` more seats, i.e. the
 * condition `seatsUsed + n <= seats` rewritten as `seatsUsed <= seats - n` (DynamoDB conditions
 * have no arithmetic). Negative when `n` alone is more than the seats.
 */
export const reservationLimit = (seats: number, n: number): number => seats - n;
