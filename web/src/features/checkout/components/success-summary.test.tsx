import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Account } from '#shared/domain/account';
import type { Subscription } from '#shared/domain/subscription';
import { SuccessSummary } from './success-summary';

afterEach(cleanup);

const T0 = 1_800_000_000;
const trial = (over: Partial<Subscription> = {}): Subscription => ({
  id: 'sub_1', status: 'trialing', amount: 1200, tax_percent: null, current_period_start: T0, current_period_end: T0 + 7 * 86400,
  trial_start: T0, trial_end: T0 + 7 * 86400, interval: 'year', interval_count: 1, cancel_at_period_end: false, ...over,
});
const account = (subscription: Subscription, card: Account['card'] = null): Account => ({
  userId: 'u1', customerId: 'cus_1', stripe_customer: 'cus_1', orgId: null, orgName: null, orgRole: null, orgStatus: null,
  orgAdminEmail: null, email: 'ann@example.com', isStaff: false, status: subscription.status, subscription, card, type: 'user',
});
const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('SuccessSummary', () => {
  it('shows billing name, e-mail, card, the total at the end of the trial and the trial note', () => {
    render(<SuccessSummary account={account(trial(), { name: 'Ann Buyer', brand: 'visa', last4: '4242' })} fallbackName="ann" nowMs={(T0 + 5) * 1000} />);
    expect(value('Billing name')).toBe('Ann Buyer');
    expect(value('Billing email')).toBe('ann@example.com');
    expect(value('Billing card')).toBe('Visa •••• 4242');
    expect(value('Total (at end of trial)')).toBe('$12 + tax where applicable');
    expect(screen.getByText(/^You can cancel at any time from the account page\.\.\./).textContent).toMatch(/email receipt in 7 days\.$/);
  });

  it("says n/a without a card, '+ tax' with a known rate, and counts a trial started long ago from now", () => {
    render(<SuccessSummary account={account(trial({ tax_percent: 10 }))} fallbackName="ann" nowMs={(T0 + 6 * 86400 + 23 * 3600) * 1000} />);
    expect(value('Billing name')).toBe('ann');
    expect(value('Billing card')).toBe('n/a');
    expect(value('Total (at end of trial)')).toBe('$12 + tax ($1.20)');
    expect(screen.getByText(/email receipt in 1 hour\.$/)).toBeTruthy();
  });

  it('defaults a missing amount to $999.99 and shows a plain Total when not trialing', () => {
    const sub = { ...trial({ status: 'active', trial_end: null }), amount: undefined as unknown as number };
    render(<SuccessSummary account={account(sub)} fallbackName="ann" />);
    expect(value('Total')).toBe('$999.99 + tax where applicable');
    expect(screen.queryByText(/You can cancel at any time/)).toBeNull();
  });
});
