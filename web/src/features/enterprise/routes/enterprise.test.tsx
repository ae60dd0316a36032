import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '#shared/domain/account';
import type { Member, Organization } from '#shared/domain/organization';
import { ApiClientError } from '../../../lib/api-client';
import { ApiQueryProvider } from '../../../lib/api-query';
import { PaymentHistoryList } from '../components/payment-history-list';
import { EnterpriseSessionContext, type EnterpriseSession } from '../enterprise-session';
import { EnterpriseBillingSlot } from '../components/enterprise-billing-slot';
import { EnterpriseAccountLayout } from './enterprise-account';
import { EnterpriseMembers } from './members';

const api = vi.hoisted(() => ({ members: vi.fn(), send: vi.fn(), revoke: vi.fn(), status: vi.fn() }));
vi.mock('../api/get-organization-members', () => ({ getOrganizationMembers: () => api.members() }));
vi.mock('../api/send-invitations', () => ({ sendEnterpriseMembersInvitations: (_o: string, e: string[]) => api.send(e) }));
vi.mock('../api/revoke-invite', () => ({ revokeEnterpriseMemberInvite: (_o: string, u: string) => api.revoke(u) }));
vi.mock('../api/update-member-status', () => ({ updateEnterpriseMemberStatus: (_o: string, u: string, s: string) => api.status(u, s) }));
vi.mock('../../../lib/runtime-config', () => ({ useRuntimeConfig: () => ({ supportEmail: 'support@fullpageshot.com' }) }));

const org: Organization = { orgId: 'org_1', name: 'Acme Legal LLP', seats: 4, subscription: null, adminEmail: 'admin@acme.example' };
const m = (userId: string, orgStatus: Member['orgStatus'], orgRole: Member['orgRole'] = 'member'): Member => ({
  userId, email: `${userId}@acme.example`, orgRole, orgStatus,
});
const account = { orgId: 'org_1', orgRole: 'admin', orgName: 'Acme Legal LLP' } as Account;

function show(session: Partial<EnterpriseSession>, path = '/enterprise/account/members') {
  const value: EnterpriseSession = {
    authStatus: 'signedIn', accountState: 'complete', account, organization: org, organizationError: null, ...session,
  };
  render(
    <ApiQueryProvider>
      <EnterpriseSessionContext.Provider value={value}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/enterprise/account" element={<EnterpriseAccountLayout />}>
              <Route path="members" element={<EnterpriseMembers />} />
            </Route>
            <Route path="/account" element={<p>account page</p>} />
          </Routes>
        </MemoryRouter>
      </EnterpriseSessionContext.Provider>
    </ApiQueryProvider>,
  );
}

const rowOf = (email: string) => screen.getByRole('rowheader', { name: email }).closest('tr')!;

beforeEach(() => {
  api.members.mockResolvedValue([m('admin', 'active', 'admin'), m('ann', 'active'), m('ivy', 'invited'), m('dan', 'deactivated'), m('arch', 'archived')]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('enterprise area layout', () => {
  it('redirects to /account without an organisation (and without an organisation error)', async () => {
    show({ organization: null, account: { ...account, orgRole: 'member' } });
    expect(await screen.findByText('account page')).toBeTruthy();
  });
  it('stays (no redirect) with an organisation error, offering to try again', () => {
    show({ organization: null, organizationError: 'Boom' });
    expect(screen.getByText('Your organization could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText('account page')).toBeNull();
  });
  it('has the sidebar with the three sections', async () => {
    show({});
    const nav = screen.getByRole('complementary', { name: 'Enterprise account' });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Overview', '/enterprise/account/overview'],
      ['Manage members', '/enterprise/account/members'],
      ['Payment history', '/enterprise/account/payment'],
    ]);
    await screen.findByRole('rowheader', { name: 'ann@acme.example' });
  });
});

describe('Manage members', () => {
  it('offers per status: invited Resend/Delete, active Deactivate, deactivated Reactivate, archived and admin nothing', async () => {
    show({});
    await screen.findByRole('rowheader', { name: 'ann@acme.example' });
    const buttons = (email: string) => within(rowOf(email)).queryAllByRole('button').map((b) => b.textContent);
    expect(buttons('admin@acme.example')).toEqual([]);
    expect(buttons('ann@acme.example')).toEqual(['Deactivate']);
    expect(buttons('ivy@acme.example')).toEqual(['Resend', 'Delete']);
    expect(buttons('dan@acme.example')).toEqual(['Reactivate']);
    expect(buttons('arch@acme.example')).toEqual([]);
    expect(screen.getByTestId('seats-used').textContent).toBe('3');
    expect(screen.getByTestId('seats-remaining').textContent).toBe('1');
  });

  it('validates the invitation input and sends only what it allows', async () => {
    const user = userEvent.setup();
    api.send.mockResolvedValue([m('admin', 'active', 'admin'), m('ann', 'active'), m('ivy', 'invited'), m('new', 'invited')]);
    show({});
    await user.click(await screen.findByRole('button', { name: 'Add member' }));
    const input = screen.getByLabelText('Email addresses');
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(input, 'x@example.com, nope');
    expect(screen.getByText('Contains invalid emails')).toBeTruthy();
    await user.clear(input);
    await user.type(input, 'x@example.com, y@example.com');
    expect(screen.getByText('Error: too many emails specified (2), there is only 1 seat remaining.')).toBeTruthy();
    expect(send.disabled).toBe(true);
    await user.clear(input);
    await user.type(input, ' New@acme.example ,, ');
    expect(send.disabled).toBe(false);
    await user.click(send);
    expect(api.send).toHaveBeenCalledWith(['new@acme.example']);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Add member' }) as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByTestId('seats-remaining').textContent).toBe('0');
  });

  it("a failed action says 'Unable to {action}.' and fetches the list again", async () => {
    const user = userEvent.setup();
    api.status.mockRejectedValue(new Error('Server says no'));
    show({});
    await screen.findByRole('rowheader', { name: 'ann@acme.example' });
    expect(api.members).toHaveBeenCalledTimes(1);
    await user.click(within(rowOf('ann@acme.example')).getByRole('button', { name: 'Deactivate ann@acme.example' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unable to deactivate.');
    expect(alert.textContent).toContain('Please retry later or contact us at the support address if the problem persists');
    await waitFor(() => expect(api.members).toHaveBeenCalledTimes(2));
  });

  it('asks before revoking or deactivating, naming the person; Cancel changes nothing (issue #24)', async () => {
    const user = userEvent.setup();
    api.members.mockResolvedValue([m('admin', 'active', 'admin'), { ...m('ann', 'active'), name: 'Ann Example' }, m('ivy', 'invited')]);
    api.revoke.mockResolvedValue(undefined);
    show({});
    await screen.findByRole('rowheader', { name: /ann@acme.example/ });
    const deactivate = within(screen.getByRole('rowheader', { name: /ann@acme.example/ }).closest('tr')!).getByRole('button', { name: 'Deactivate ann@acme.example' });
    expect(deactivate.className).toContain('btn--danger');
    await user.click(deactivate);
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate Ann Example?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('Ann Example (ann@acme.example)');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.status).not.toHaveBeenCalled();

    await user.click(within(rowOf('ivy@acme.example')).getByRole('button', { name: 'Delete ivy@acme.example' }));
    // One word throughout (issue #31 §5): the button, the dialog and the notice all say Delete.
    const dialogDelete = await screen.findByRole('alertdialog', { name: 'Delete this invitation?' });
    expect(dialogDelete.textContent).toContain('ivy@acme.example');
    expect(dialogDelete.textContent).not.toMatch(/revoke/i);
    const confirm = within(dialogDelete).getByRole('button', { name: 'Delete invitation' });
    expect(confirm.className).toContain('btn--danger');
    await user.click(confirm);
    await waitFor(() => expect(api.revoke).toHaveBeenCalledWith('ivy'));
    expect(await screen.findByText('Invitation for ivy@acme.example deleted.')).toBeTruthy();
  });

  it('shows names and e-mails isolated, so bidi controls in them cannot reorder the text around them (#31)', async () => {
    const user = userEvent.setup();
    // A name stored before names lost their bidi controls.
    const eve = { ...m('eve', 'active'), name: 'Eve \u202Etxt.exe' };
    api.members.mockResolvedValue([m('admin', 'active', 'admin'), eve]);
    show({});
    const row = (await screen.findByRole('rowheader', { name: /eve@acme.example/ })).closest('tr')!;
    const isolated = [...row.querySelectorAll('bdi')].map((b) => b.textContent);
    expect(isolated).toEqual(expect.arrayContaining(['eve@acme.example', eve.name]));
    await user.click(within(row).getByRole('button', { name: 'Deactivate eve@acme.example' }));
    const dialog = await screen.findByRole('alertdialog');
    const title = dialog.querySelector('.dialog__title')!;
    expect(title.textContent).toBe(`Deactivate ${eve.name}?`);
    expect(title.querySelector('bdi')?.textContent).toBe(eve.name);
    expect([...dialog.querySelectorAll('.dialog__body bdi')].map((b) => b.textContent)).toContain(eve.name);
  });

  it('with every seat used, "Contact enterprise support to add seats." is a mail to support naming the organisation', async () => {
    show({ organization: { ...org, seats: 3 } });
    const link = await screen.findByRole('link', { name: 'Contact enterprise support to add seats.' });
    const href = link.getAttribute('href')!;
    expect(href.startsWith('mailto:support@fullpageshot.com?')).toBe(true); // as every other page (issue #31 §5)
    expect(decodeURIComponent(href)).toContain('Acme Legal LLP');
  });

  it('disables Reactivate when no seat is free, with the reason next to it', async () => {
    show({ organization: { ...org, seats: 3 } }); // admin, ann and ivy hold all 3 seats
    await screen.findByRole('rowheader', { name: 'dan@acme.example' });
    const button = within(rowOf('dan@acme.example')).getByRole('button', { name: 'Reactivate dan@acme.example' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(within(rowOf('dan@acme.example')).getByText('No free seat: add seats or deactivate another member')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe('No free seat: add seats or deactivate another member');
  });

  it('enables Reactivate with a free seat, and shows the server\'s reason when it refuses', async () => {
    const user = userEvent.setup();
    api.status.mockRejectedValue(new ApiClientError(409, 'seat_limit_reached', 'Not enough seats: 1 requested, 0 remaining. Contact enterprise support to add seats.'));
    show({});
    await screen.findByRole('rowheader', { name: 'dan@acme.example' });
    expect(within(rowOf('dan@acme.example')).queryByText('No free seat: add seats or deactivate another member')).toBeNull();
    await user.click(within(rowOf('dan@acme.example')).getByRole('button', { name: 'Reactivate dan@acme.example' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unable to reactivate.');
    // Visible, not behind "show details".
    const reason = within(alert).getByText('Not enough seats: 1 requested, 0 remaining. Contact enterprise support to add seats.');
    expect(reason.closest('details')).toBeNull();
  });
});

describe('EnterpriseBillingSlot', () => {
  it('renders the billing component the app layer hands in, with the account and without payments', () => {
    const Billing = vi.fn((p: { account: Account; showPayments?: boolean }) => <p>billing for {p.account.orgName}</p>);
    const replaceAccount = vi.fn();
    render(
      <EnterpriseSessionContext.Provider
        value={{ authStatus: 'signedIn', accountState: 'complete', account, organization: org, organizationError: null, Billing, replaceAccount }}
      >
        <EnterpriseBillingSlot />
      </EnterpriseSessionContext.Provider>,
    );
    expect(screen.getByText('billing for Acme Legal LLP')).toBeTruthy();
    expect(Billing.mock.calls[0]![0]).toMatchObject({ account, showPayments: false });
  });
});

describe('PaymentHistoryList', () => {
  it("says 'No payment history.' when there are none", () => {
    render(<PaymentHistoryList state={{ status: 'success', data: [] }} />);
    expect(screen.getByText('No payment history.')).toBeTruthy();
  });
});
