import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '#shared/domain/account';
import { goTo, PaymentStage } from './payment-stage';

const fake = vi.hoisted(() => ({ account: null as unknown, createSession: vi.fn() }));
vi.mock('../api/lookup-account', () => ({
  useCheckoutAccount: () => ({ status: 'success', data: fake.account }),
}));
vi.mock('../api/create-checkout-session-url', () => ({ createCheckoutSessionUrl: (input: unknown) => fake.createSession(input) }));

const account = (over: Partial<Account> = {}): Account => ({
  userId: 'u1', customerId: 'cus_1', stripe_customer: 'cus_1', orgId: null, orgName: null, orgRole: null, orgStatus: null,
  orgAdminEmail: null, email: 'ann@example.com', isStaff: false, status: null, subscription: null, card: null, type: 'user', ...over,
});

function show(props: Partial<Parameters<typeof PaymentStage>[0]> = {}) {
  render(
    <MemoryRouter>
      <PaymentStage prefix="/checkout" flags={{}} popup={false} {...props} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  fake.createSession.mockReset().mockResolvedValue('http://stripe.test/pay/cs_1');
  vi.spyOn(goTo, 'url').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('PaymentStage', () => {
  it('says the plan starts paid today when the customer had their trial, before going to the payment page', async () => {
    fake.account = account({ trialEligible: false });
    show();
    screen.getByText('No free trial: you have had one before, so Premium starts today and the first year is paid now.');
    await vi.waitFor(() => expect(goTo.url).toHaveBeenCalledWith('http://stripe.test/pay/cs_1'));
  });

  it('promises no-trial to nobody who is eligible', () => {
    fake.account = account({ trialEligible: true });
    show();
    expect(screen.queryByText(/No free trial/)).toBeNull();
  });

  it('after a cancel on the payment page, waits for the user: who is signed in, the plan, Continue to payment', async () => {
    fake.account = account({ trialEligible: true });
    show({ canceled: true, user: { name: 'ann@example.com', email: 'ann@example.com' }, switchUser: '/auth/signout' });
    screen.getByText('Payment canceled');
    expect(screen.getByText(/^You are logged in as/).textContent).toBe('You are logged in as ann@example.com (switch user)');
    screen.getByText('7-day free trial: cancel any time from your account page');
    expect(fake.createSession).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await vi.waitFor(() => expect(goTo.url).toHaveBeenCalledWith('http://stripe.test/pay/cs_1'));
  });
});
