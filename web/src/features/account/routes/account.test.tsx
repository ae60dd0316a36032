import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '#shared/domain/account';
import type { AuthState } from '../../../lib/auth';
import { ApiClientError } from '../../../lib/api-client';
import { setRuntimeConfigForTests } from '../../../lib/runtime-config';
import { AccountScope } from '../components/account-provider';
import { AccountRoute } from './account';

/** Stands in for the billing feature, which the app layer mounts in this slot. */
const FakeBilling = ({ account }: { account: { userId: string } }) => <p>Billing for {account.userId}</p>;

// ── fakes: the auth store and the API ───────────────────────────────────────
const fake = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  const auth = {
    state: { status: 'loading', user: null, justSignedIn: false, oauthRedirectPath: null, error: null } as unknown,
    set(next: unknown) {
      this.state = next;
      listeners.forEach((l) => l());
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  return { auth, apiCall: vi.fn() };
});

vi.mock('../../../lib/auth', () => ({
  useAuth: () => useSyncExternalStore((l) => fake.auth.subscribe(l), () => fake.auth.state),
}));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  apiCall: fake.apiCall,
}));

const user = { userId: 'u-1', email: 'ann@example.com', name: 'Ann', loginMethod: 'Email', isSocial: false };
const signedIn = (patch: Partial<AuthState> = {}): AuthState =>
  ({ status: 'signedIn', user, justSignedIn: false, oauthRedirectPath: null, error: null, ...patch }) as AuthState;

const freeAccount: Account = {
  userId: 'u-1', customerId: null, stripe_customer: null, orgId: null, orgName: null, orgRole: null, orgStatus: null,
  orgAdminEmail: null, email: 'ann@example.com', isStaff: false, status: null, subscription: null, card: null, type: 'user',
};
const payment = { id: 'ch_1', created: 1_767_225_600, status: 'succeeded', nickname: 'Premium (yearly)', amount: 1200, receipt_url: 'https://pay.example/r/1', refunds: [] };

type Call = [{ id: string }, { query?: Record<string, unknown>; body?: unknown; params?: unknown }?];
/** Answers lookupAccount (with and without payments) and anything else the test sets. */
function api(account: Account | (() => Promise<Account>), others: Record<string, (opts: Call[1]) => Promise<unknown>> = {}) {
  fake.apiCall.mockImplementation(async (route: { id: string }, opts?: Call[1]) => {
    if (route.id === 'lookupAccount') {
      const a = typeof account === 'function' ? await account() : account;
      return opts?.query?.includePayments ? { ...a, payments: [payment] } : a;
    }
    const handler = others[route.id];
    if (!handler) throw new Error(`unexpected call ${route.id}`);
    return handler(opts);
  });
}
const lookups = () => (fake.apiCall.mock.calls as Call[]).filter(([r, o]) => r.id === 'lookupAccount' && !o?.query?.includePayments);

function renderAccount(path = '/account') {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AccountScope>
            <Outlet />
          </AccountScope>
        ),
        children: [
          { path: '/account', element: <AccountRoute Billing={FakeBilling} /> },
          { path: '/enterprise/account', element: <h1>Enterprise area</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  fake.apiCall.mockReset();
  sessionStorage.clear();
  setRuntimeConfigForTests({
    env: 'local', apiUrl: 'http://api.test', siteUrl: 'http://site.test', extensionOrigins: [], stripeLiveMode: false,
    supportEmail: 'support@fullpageshot.example',
    auth: { mode: 'password', region: 'us-east-1', userPoolId: 'local_x', userPoolClientId: 'c', googleEnabled: false },
  });
});
afterEach(cleanup);

const field = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('/account', () => {
  it('shows a spinner while authentication loads', () => {
    fake.auth.set({ ...signedIn(), status: 'loading', user: null });
    renderAccount();
    expect(screen.getByRole('status').textContent).toContain('Checking your sign-in…');
    expect(fake.apiCall).not.toHaveBeenCalled();
  });

  it('offers sign-in and sign-up to a signed-out visitor', () => {
    fake.auth.set({ ...signedIn(), status: 'signedOut', user: null });
    renderAccount();
    screen.getByRole('heading', { name: 'You are not signed in' });
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth/signin?redirectPath=%2Faccount');
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/auth/signin?redirectPath=%2Faccount&mode=signup');
    screen.getByText(/Force-reload the page/);
  });

  it('shows a free user Basic, e-mail, log-in method, Go premium and the billing slot', async () => {
    fake.auth.set(signedIn());
    api(freeAccount);
    renderAccount();
    await screen.findByRole('heading', { name: 'Welcome Ann' });
    expect(field('Subscription').textContent).toBe('Basic');
    expect(field('Email').textContent).toContain('ann@example.com');
    expect(field('Log-in Method').textContent).toBe('Email');
    expect(screen.getByRole('link', { name: 'Go premium' }).getAttribute('href')).toBe('/checkout');
    await screen.findByText('Billing for u-1');
    expect(screen.queryByRole('link', { name: /to extension/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign out' }).getAttribute('href')).toBe('/auth/signout');
    within(screen.getByRole('region', { name: 'DEBUG' })).getByText('u-1');
  });

  it('retries while the account is being created, then shows it', async () => {
    fake.auth.set(signedIn());
    let n = 0;
    api(async () => {
      if (++n < 3) throw new ApiClientError(409, 'account_not_ready', 'Your account is being created. Please retry.');
      return freeAccount;
    });
    renderAccount();
    await screen.findByRole('heading', { name: 'Welcome Ann' }, { timeout: 3000 });
    expect(lookups()).toHaveLength(3);
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('reports a failed lookup: the alert, the error, and the log-in help line', async () => {
    fake.auth.set(signedIn());
    api(async () => {
      throw new ApiClientError(500, 'internal', 'Boom on the server');
    });
    renderAccount();
    await screen.findByText('Something went wrong');
    screen.getByText('Unable to retrieve account information');
    screen.getByText('Unable to load user.');
    screen.getByText('Boom on the server');
    expect(lookups()).toHaveLength(1); // not the retry code: no retry
    expect(screen.getByRole('link', { name: 'common issues' }).getAttribute('href')).toBe('/faq#help-i-cant-log-in');
    const contact = new URL(screen.getByRole('link', { name: 'contact support' }).getAttribute('href')!, 'http://x');
    expect(contact.pathname).toBe('/contact');
    expect(contact.searchParams.get('error')).toBe('Boom on the server');
    expect(contact.searchParams.get('userId')).toBe('u-1');
    expect(contact.searchParams.get('url')).toBe(window.location.href);
  });

  it('sends organisation admins to /enterprise/account and loads their organisation', async () => {
    fake.auth.set(signedIn());
    const getOrganization = vi.fn(async () => ({ orgId: 'org_1', name: 'Acme', seats: 5, subscription: null, adminEmail: 'ann@example.com' }));
    api({ ...freeAccount, orgId: 'org_1', orgName: 'Acme', orgRole: 'admin', orgStatus: 'active', type: 'organization' }, { getOrganization });
    renderAccount();
    await screen.findByRole('heading', { name: 'Enterprise area' });
    expect(getOrganization).toHaveBeenCalledWith(expect.objectContaining({ params: { orgId: 'org_1' } }));
  });

  it('alerts when the organisation cannot be loaded', async () => {
    fake.auth.set(signedIn());
    api({ ...freeAccount, orgId: 'org_1', orgName: 'Acme', orgRole: 'admin', orgStatus: 'active', type: 'organization' }, {
      getOrganization: async () => {
        throw new ApiClientError(403, 'forbidden', 'Only the organisation admin may do this.');
      },
    });
    renderAccount();
    await screen.findByText('Organization error.');
    screen.getByText('Only the organisation admin may do this.');
  });

  it('shows organisation members the group view and no way to change the account', async () => {
    fake.auth.set(signedIn());
    api({ ...freeAccount, orgId: 'org_1', orgName: 'Acme', orgRole: 'member', orgStatus: 'active', orgAdminEmail: 'boss@acme.example', type: 'organization' });
    renderAccount('/account?org=success');
    await screen.findByText('Contact your account administrator to make changes to this account.');
    screen.getByText('Success. Your account is part of Acme');
    expect(field('Group name').textContent).toBe('Acme');
    expect(field('Group administrator').textContent).toBe('boss@acme.example');
    expect(field('Subscription').textContent).toBe('Enterprise');
    expect(screen.queryByRole('button', { name: 'Change email' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Go premium' })).toBeNull();
    expect(fake.apiCall.mock.calls.some(([r]) => (r as { id: string }).id === 'getOrganization')).toBe(false);
  });

  it('tells a deactivated member their seat is gone, and offers Premium of their own', async () => {
    fake.auth.set(signedIn());
    // The server answers a deactivated member as an individual account that keeps its organisation fields.
    api({ ...freeAccount, orgId: 'org_1', orgName: 'Acme', orgRole: 'member', orgStatus: 'deactivated', orgAdminEmail: 'boss@acme.example' });
    renderAccount();
    const alert = await screen.findByText(/Your organisation admin has deactivated your seat in Acme/);
    expect(alert.textContent).toContain('or go Premium on your own.');
    expect(screen.getByRole('link', { name: 'boss@acme.example' }).getAttribute('href')).toBe('mailto:boss@acme.example');
    expect(field('Subscription').textContent).toBe('Basic');
    expect(screen.getByRole('link', { name: 'Go premium' }).getAttribute('href')).toBe('/checkout');
    screen.getByText('Billing for u-1');
  });

  it('shows an ended Premium as plain Basic, not "Basic (Canceled)"', async () => {
    fake.auth.set(signedIn());
    const ended = {
      id: 'sub_1', status: 'canceled', amount: 1200, current_period_start: 1, current_period_end: 2, trial_start: 1, trial_end: 2,
      interval: 'year', interval_count: 1, cancel_at_period_end: false,
    } as const;
    api({ ...freeAccount, status: 'canceled', subscription: ended });
    renderAccount();
    await screen.findByRole('heading', { name: 'Welcome Ann' });
    expect(field('Subscription').textContent).toBe('Basic');
  });

  it('greets a user who just signed in from the extension', async () => {
    sessionStorage.setItem('fps.next', 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/editor.html');
    fake.auth.set(signedIn({ justSignedIn: true }));
    api(freeAccount);
    renderAccount();
    await screen.findByRole('heading', { name: 'Welcome back!' });
    // One way back, under the spec's name (issue #31 §5: not also "Back to extension").
    expect(screen.getAllByRole('link', { name: /to extension/ }).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Return to extension', 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/editor.html'],
    ]);
  });

  it('hides the e-mail change from social sign-ins', async () => {
    fake.auth.set(signedIn({ user: { ...user, loginMethod: 'Google', isSocial: true } }));
    api(freeAccount);
    renderAccount();
    await screen.findByRole('heading', { name: 'Welcome Ann' });
    expect(field('Log-in Method').textContent).toBe('Google');
    expect(screen.queryByRole('button', { name: 'Change email' })).toBeNull();
  });

  it('clears the account when the user signs out', async () => {
    fake.auth.set(signedIn());
    api(freeAccount);
    renderAccount();
    await screen.findByRole('heading', { name: 'Welcome Ann' });
    act(() => fake.auth.set({ ...signedIn(), status: 'signedOut', user: null }));
    await screen.findByRole('heading', { name: 'You are not signed in' });
    act(() => fake.auth.set(signedIn()));
    await screen.findByRole('heading', { name: 'Welcome Ann' });
    expect(lookups()).toHaveLength(2); // fetched again for the new sign-in
  });
});

describe('changing the e-mail', () => {
  async function openForm() {
    fake.auth.set(signedIn());
    const u = userEvent.setup();
    renderAccount();
    await u.click(await screen.findByRole('button', { name: 'Change email' }));
    const input = screen.getByLabelText('New email address');
    expect(input.getAttribute('type')).toBe('email');
    await u.type(input, 'new@example.com');
    return u;
  }

  it('shows Updating… and then the success text with a Go back button that reloads', async () => {
    let finish!: () => void;
    api(freeAccount, { changeEmail: (opts) => new Promise((r) => (finish = () => r({ ok: true, sent: opts?.body }))) });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload, href: window.location.href, host: window.location.host });
    const u = await openForm();
    await u.click(screen.getByRole('button', { name: 'Update email' }));
    expect((screen.getByRole('button', { name: 'Updating…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(fake.apiCall).toHaveBeenCalledWith(expect.objectContaining({ id: 'changeEmail' }), { body: { email: 'new@example.com' } });
    await act(async () => finish());
    await screen.findByText('Your email address was updated successfully. Please check your email.');
    await u.click(screen.getByRole('button', { name: 'Go back' }));
    expect(reload).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it("shows the server's message, or 'An error occurred!' when there is none", async () => {
    let failure: Error = new ApiClientError(409, 'conflict', 'This email address is already used by another account.');
    api(freeAccount, {
      changeEmail: async () => {
        throw failure;
      },
    });
    const u = await openForm();
    await u.click(screen.getByRole('button', { name: 'Update email' }));
    await screen.findByText('This email address is already used by another account.');
    failure = new Error('');
    await u.click(screen.getByRole('button', { name: 'Update email' }));
    await screen.findByText('An error occurred!');
  });
});
