import { describe, expect, it } from 'vitest';
import { formatTrialRemaining, trialReferenceSeconds, trialRemaining, trialRemainingText } from './trial-display';

const T0 = 1_800_000_000; // a trial start, unix seconds
const DAY = 86_400;
const ms = (seconds: number) => seconds * 1000;

describe('trial display', () => {
  it('counts a fresh trial from its start: the full 7 days right after checkout', () => {
    expect(trialRemainingText(T0 + 7 * DAY, T0, ms(T0 + 10))).toBe('7 days');
    expect(trialRemainingText(T0 + 7 * DAY, T0, ms(T0 + 15))).toBe('7 days');
  });

  it('treats a trial start more than 15 seconds old as now', () => {
    expect(trialReferenceSeconds(T0, ms(T0 + 16))).toBe(T0 + 16);
    expect(trialRemainingText(T0 + 7 * DAY, T0, ms(T0 + 16))).toBe('6 days');
    expect(trialRemainingText(T0 + 7 * DAY, null, ms(T0 + 1))).toBe('6 days');
  });

  it('uses a trial start in the future (clock skew) as the reference', () => {
    expect(trialReferenceSeconds(T0 + 100, ms(T0))).toBe(T0 + 100);
  });

  it('shows the first unit among days, hours, minutes, seconds that is at least 1', () => {
    const now = T0 + 3600; // trial start long past: counts from now
    expect(trialRemaining(now + 2 * DAY + 5, T0, ms(now))).toEqual({ count: 2, unit: 'day' });
    expect(trialRemaining(now + DAY - 1, T0, ms(now))).toEqual({ count: 23, unit: 'hour' });
    expect(trialRemaining(now + 3599, T0, ms(now))).toEqual({ count: 59, unit: 'minute' });
    expect(trialRemaining(now + 59, T0, ms(now))).toEqual({ count: 59, unit: 'second' });
    expect(trialRemaining(now - 5, T0, ms(now))).toEqual({ count: 0, unit: 'second' });
  });

  it('is singular at exactly 1', () => {
    expect(formatTrialRemaining({ count: 1, unit: 'day' })).toBe('1 day');
    expect(formatTrialRemaining({ count: 1, unit: 'hour' })).toBe('1 hour');
    expect(formatTrialRemaining({ count: 1, unit: 'minute' })).toBe('1 minute');
    expect(formatTrialRemaining({ count: 1, unit: 'second' })).toBe('1 second');
    expect(formatTrialRemaining({ count: 0, unit: 'second' })).toBe('0 seconds');
    expect(formatTrialRemaining({ count: 2, unit: 'hour' })).toBe('2 hours');
  });

  it('gives a 1-day quick trial as "1 day"', () => {
    expect(trialRemainingText(T0 + DAY, T0, ms(T0 + 3))).toBe('1 day');
  });
});
