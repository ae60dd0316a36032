import { describe, expect, it } from 'vitest';
import type { OrgStatus } from '../domain/account';
import { effectiveSeats, holdsSeat, remainingSeats, reservationLimit, seatSummary, seatsUsed } from './seats';

const members = (...statuses: OrgStatus[]) => statuses.map((orgStatus) => ({ orgStatus }));

describe('seat math', () => {
  it('counts active and invited members as used', () => {
    expect(seatsUsed(members('active', 'invited', 'deactivated', 'archived', 'active'))).toBe(3);
    expect(seatsUsed([])).toBe(0);
    expect(holdsSeat('invited')).toBe(true);
    expect(holdsSeat('deactivated')).toBe(false);
    expect(holdsSeat('archived')).toBe(false);
  });

  it('remaining is max(seats − used, 0)', () => {
    expect(remainingSeats(5, 3)).toBe(2);
    expect(remainingSeats(5, 5)).toBe(0);
    expect(remainingSeats(2, 4)).toBe(0);
  });

  it('seats default to the member count when unset', () => {
    const list = members('active', 'invited', 'deactivated');
    expect(effectiveSeats(null, list)).toBe(3);
    expect(effectiveSeats(undefined, list)).toBe(3);
    expect(effectiveSeats(10, list)).toBe(10);
    expect(effectiveSeats(0, list)).toBe(0);
    expect(seatSummary(null, list)).toEqual({ seats: 3, used: 2, remaining: 1 });
  });

  it('summarises the seeded organisation (5 seats, admin + member active, one invited)', () => {
    expect(seatSummary(5, members('active', 'active', 'invited'))).toEqual({ seats: 5, used: 3, remaining: 2 });
  });

  it('turns seatsUsed + n <= seats into a limit on seatsUsed', () => {
    expect(reservationLimit(5, 2)).toBe(3);
    expect(reservationLimit(5, 6)).toBe(-1);
  });
});
