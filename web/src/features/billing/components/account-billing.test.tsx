import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '#shared/domain/account';
import type { Subscription } from '#shared/domain/subscription';
import { AccountBilling } from './account-billing';

vi.mock('../../../lib/api-account', () => ({
  usePaymentHistory: () => ({
    status: 'success',
    data: [{ id: 'ch_1', created: 1_800_000_000, status: 'succeeded', nickname: 'Premium', amount: 1200, receipt_url: null, refunds: [] }],
  }),
}));
const cancel = vi.fn();
const renew = vi.fn();
vi.mock('../api/cancel-subscription', () => ({ cancelAccountSubscription: () => cancel() }));
vi.mock('../api/update-cancel-at-period-end', () => ({ updateAccountCancelAtPeriodEnd: (v: boolean) => renew(v) }));

const sub = (over: Partial<Subscription> = {}): Subscription => ({
  id: 'sub_1', status: 'active', amount: 1200, tax_percent: null, current_period_start: 1_800_000_000,
  current_period_end: 1_831_536_000, trial_start: null, trial_end: null, interval: 'year', interval_count: 1,
  cancel_at_period_end: false, ...over,
});
const account = (subscription: Subscription | null): Account => ({
  userId: 'u1', customerId: 'cus_1', stripe_customer: 'cus_1', orgId: null, orgName: null, orgRole: null, orgStatus: null,
  orgAdminEmail: null, email: 'a@example.com', isStaff: false, status: subscription?.status ?? null, subscription,
  card: { name: 'Ann', brand: 'visa', last4: '4242' }, type: 'user',
});

function show(a: Account, url = '/account', onAccountChange = vi.fn()) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <AccountBilling account={a} onAccountChange={onAccountChange} />
    </MemoryRouter>,
  );
  return onAccountChange;
}

beforeEach(() => {
  cancel.mockReset();
  renew.mockReset();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('AccountBilling', () => {
  it('canceled: the expired message and a Go Premium link', () => {
    show(account(sub({ status: 'canceled' })));
    expect(screen.getByText('Your Premium subscription has expired.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Premium' }).getAttribute('href')).toBe('/checkout');
    expect(screen.queryByRole('switch')).toBeNull();
    // One coherent state: nothing to pay and no card to update for a plan that has ended.
    expect(document.querySelector('.billing-price')).toBeNull(); // the payments list keeps its history
    expect(screen.queryByRole('button', { name: 'Update card' })).toBeNull();
    expect(screen.queryByText(/Visa/)).toBeNull();
  });

  it('right after "Cancel trial" it says the trial was cancelled, not that Premium expired', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const cancelled = account(sub({ status: 'canceled' }));
    cancel.mockResolvedValue(cancelled);
    const { rerender } = render(
      <MemoryRouter>
        <AccountBilling account={account(sub({ status: 'trialing', trial_end: 1_800_600_000 }))} onAccountChange={vi.fn()} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel trial' }));
    await waitFor(() => expect(cancel).toHaveBeenCalled());
    rerender(
      <MemoryRouter>
        <AccountBilling account={cancelled} onAccountChange={vi.fn()} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Your free trial was cancelled, so Premium has ended.')).toBeTruthy();
    expect(screen.queryByText('Your Premium subscription has expired.')).toBeNull();
  });

  it.each(['incomplete', 'incomplete_expired', 'trialing', 'past_due', 'unpaid'] as const)('%s: a link to cancel', (status) => {
    show(account(sub({ status, trial_end: 1_800_600_000 })));
    expect(screen.getByRole('button', { name: status === 'trialing' ? 'Cancel trial' : 'Cancel subscription' })).toBeTruthy();
  });

  it('active: the auto-renew toggle; cancel_at_period_end true means off', () => {
    show(account(sub({ cancel_at_period_end: true })));
    const toggle = screen.getByRole('switch', { name: 'Auto-renew' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    cleanup();
    show(account(sub()));
    expect((screen.getByRole('switch', { name: 'Auto-renew' }) as HTMLInputElement).checked).toBe(true);
  });

  it('logs an unknown status as an error', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    show(account(sub({ status: 'paused' })));
    expect(error).toHaveBeenCalledWith('Unknown subscription status: paused', 'sub_1');
  });

  it('asks before cancelling, and shows the cancel failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    cancel.mockRejectedValue(new Error('boom'));
    show(account(sub({ status: 'trialing', trial_end: 1_800_600_000 })));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel trial' }));
    expect(cancel).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel trial' }));
    expect(confirm).toHaveBeenCalledTimes(2);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Error encountered canceling subscription, please try again. Contact support if the problem persists.',
    );
    expect(alert.textContent).toContain('Error updating. Please refresh the page and try again. If this problem persists, contact ');
  });

  it('toggles auto-renew and reports the new account, or the renew failure', async () => {
    const updated = account(sub({ cancel_at_period_end: true }));
    renew.mockResolvedValueOnce(updated).mockRejectedValueOnce(new Error('nope'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onChange = show(account(sub()));
    await userEvent.click(screen.getByRole('switch', { name: 'Auto-renew' }));
    expect(renew).toHaveBeenCalledWith(true);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(updated));
    await userEvent.click(screen.getByRole('switch', { name: 'Auto-renew' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Error encountered updating your subscription renew status, please try again. Contact support if the problem persists.',
    );
  });

  it('shows the card, the price with the monthly figure and the payments', () => {
    show(account(sub()));
    expect(screen.getByText('Visa •••• 4242')).toBeTruthy();
    expect(screen.getByText(/\$12 \/ 1-year \(\$1\/month\)/)).toBeTruthy();
    expect(screen.getByRole('row', { name: /Premium \$12 Paid/ })).toBeTruthy();
  });

  it('hide_account=1 hides the billing details', () => {
    show(account(sub()), '/account?hide_account=1');
    expect(screen.queryByRole('region', { name: 'Billing' })).toBeNull();
  });
});
