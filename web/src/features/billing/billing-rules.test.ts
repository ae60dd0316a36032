import { describe, expect, it } from 'vitest';
import { actionForStatus } from './billing-rules';

describe('actionForStatus (the account page’s status table)', () => {
  it.each([
    ['canceled', 'expired'],
    ['active', 'auto-renew'],
    ['incomplete', 'cancel'],
    ['incomplete_expired', 'cancel'],
    ['trialing', 'cancel'],
    ['past_due', 'cancel'],
    ['unpaid', 'cancel'],
    ['paused', 'unknown'],
    ['something_new', 'unknown'],
    ['toString', 'unknown'],
  ])('%s → %s', (status, action) => expect(actionForStatus(status)).toBe(action));
});
