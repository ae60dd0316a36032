import { cleanup, render, screen } from '@testing-library/react';
import { useEffect, useSyncExternalStore } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '#shared/config/runtime-config';
import { setRuntimeConfigForTests } from '../../../lib/runtime-config';
import { SignInRoute } from './sign-in';

const fake = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  return {
    startHostedSignIn: vi.fn(async () => {}),
    auth: {
      state: { status: 'loading', user: null, justSignedIn: false, oauthRedirectPath: null, error: null } as Record<string, unknown>,
      set(patch: Record<string, unknown>) {
        this.state = { ...this.state, ...patch };
        listeners.forEach((l) => l());
      },
      subscribe(l: () => void) {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    },
  };
});
vi.mock('../../../lib/auth', () => ({
  PASSWORD_AUTH_FLOW: 'USER_PASSWORD_AUTH',
  startHostedSignIn: fake.startHostedSignIn,
  useAuth: () => useSyncExternalStore((l) => fake.auth.subscribe(l), () => fake.auth.state),
}));
vi.mock('../components/password-authenticator', () => ({ default: () => <p>password form</p> }));

const hosted: RuntimeConfig = {
  env: 'master', apiUrl: 'https://api.example.com', siteUrl: 'https://www.example.com', extensionOrigins: [], stripeLiveMode: true,
  supportEmail: 'support@fullpageshot.example',
  auth: { mode: 'hosted', region: 'us-east-1', userPoolId: 'us-east-1_x', userPoolClientId: 'c', oauthDomain: 'login.example.com', googleEnabled: false },
};
const user = { userId: 'u', email: 'a@x.example', name: 'A', loginMethod: 'Email', isSocial: false };

function renderAt(path: string, props: Parameters<typeof SignInRoute>[0] = {}) {
  const router = createMemoryRouter(
    [
      { path: '/auth/signin', element: <SignInRoute {...props} /> },
      { path: '*', element: <p>landed</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  fake.startHostedSignIn.mockClear();
  fake.auth.set({ status: 'loading', user: null, justSignedIn: false, oauthRedirectPath: null, error: null });
  sessionStorage.clear();
  setRuntimeConfigForTests(hosted);
});
afterEach(cleanup);

describe('/auth/signin in hosted mode', () => {
  it('starts the managed login for a signed-out visitor, carrying the redirect path', async () => {
    fake.auth.set({ status: 'signedOut' });
    renderAt('/auth/signin?redirectPath=%2Faccount%3Forg%3Dsuccess');
    await vi.waitFor(() => expect(fake.startHostedSignIn).toHaveBeenCalledWith('/account?org=success'));
    expect(sessionStorage.getItem('fps.auth.redirect')).toBe('/account?org=success');
    screen.getByText('Signing you in…');
  });

  it('never offers another site as the redirect', async () => {
    fake.auth.set({ status: 'signedOut' });
    renderAt('/auth/signin?redirectPath=%2F%2Fevil.example');
    await vi.waitFor(() => expect(fake.startHostedSignIn).toHaveBeenCalledWith('/account'));
  });

  it('waits on the way back from the managed login, then goes to the state’s redirectPath', async () => {
    const router = renderAt('/auth/signin?code=abc&state=xyz');
    expect(fake.startHostedSignIn).not.toHaveBeenCalled();
    screen.getByText('Signing you in…');
    // Signed in but without user info: no redirect yet.
    fake.auth.set({ status: 'signedIn', user: null });
    await new Promise((r) => setTimeout(r, 20));
    expect(router.state.location.pathname).toBe('/auth/signin');
    fake.auth.set({ status: 'signedIn', user, oauthRedirectPath: '/connect?signin=1' });
    await screen.findByText('landed');
    expect(router.state.location.pathname + router.state.location.search).toBe('/connect?signin=1');
  });

  it('falls back to the stored redirect URL', async () => {
    sessionStorage.setItem('fps.auth.redirect', '/account?org=success');
    const router = renderAt('/auth/signin?code=abc&state=xyz');
    fake.auth.set({ status: 'signedIn', user });
    await screen.findByText('landed');
    expect(router.state.location.search).toBe('?org=success');
    expect(sessionStorage.getItem('fps.auth.redirect')).toBeNull();
  });

  it('adds the way home after 3 seconds', async () => {
    renderAt('/auth/signin?code=abc');
    const slow = (_: string, el: Element | null) => el?.tagName === 'P' && el.textContent === 'Updating logged-in state. Go to home if this is taking too long.';
    await new Promise((r) => setTimeout(r, 2800));
    expect(screen.queryByText(slow)).toBeNull();
    await screen.findByText(slow, undefined, { timeout: 1000 });
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
  });

  it('shows the error page for error and error_description', () => {
    renderAt('/auth/signin?error=invalid_request&error_description=Bad%20state');
    screen.getByText('Encountered the error: Bad state');
    screen.getByText('Please try again…');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/signin');
    expect(fake.startHostedSignIn).not.toHaveBeenCalled();
  });

  it('shows a failed hosted sign-in as an error page too', () => {
    fake.auth.set({ status: 'signedOut', error: 'invalid_grant' });
    renderAt('/auth/signin?code=abc');
    screen.getByText('Encountered the error: invalid_grant');
  });
});

describe('/auth/signin in password mode', () => {
  it('shows the password form to a signed-out visitor', async () => {
    setRuntimeConfigForTests({ ...hosted, env: 'local', auth: { ...hosted.auth, mode: 'password', oauthDomain: undefined } });
    fake.auth.set({ status: 'signedOut' });
    renderAt('/auth/signin');
    await screen.findByText('password form', undefined, { timeout: 4000 });
    expect(fake.startHostedSignIn).not.toHaveBeenCalled();
  });

  it('says the capture waits when the editor sent the visitor here to save it (issue #31 §5)', async () => {
    setRuntimeConfigForTests({ ...hosted, env: 'local', auth: { ...hosted.auth, mode: 'password', oauthDomain: undefined } });
    fake.auth.set({ status: 'signedOut' });
    renderAt('/auth/signin?for=save');
    expect(await screen.findByText('Sign in to save your capture to your image library. Afterwards you go back to the capture in the editor.')).toBeTruthy();
  });
});

describe('/auth/signin outside the account shell', () => {
  const password = () => setRuntimeConfigForTests({ ...hosted, env: 'local', auth: { ...hosted.auth, mode: 'password', oauthDomain: undefined } });
  const SignedInScope = () => <p>account scope</p>;

  it('shows the form without the account scope, and loads its code only after the form has mounted', async () => {
    password();
    fake.auth.set({ status: 'signedOut' });
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const warm = vi.fn(async () => {});
      renderAt('/auth/signin', { SignedInScope, warmAccountScope: warm });
      await screen.findByText('password form', undefined, { timeout: 4000 });
      expect(screen.queryByText('account scope')).toBeNull();
      expect(warm).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(2000);
      await vi.waitFor(() => expect(warm).toHaveBeenCalledOnce(), { timeout: 6000 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('renders the account scope once someone is signed in (its account load hands the extension the login)', async () => {
    password();
    const mounted = vi.fn();
    function Scope() {
      useEffect(() => mounted(), []);
      return null;
    }
    fake.auth.set({ status: 'signedIn', user });
    renderAt('/auth/signin', { SignedInScope: Scope });
    await vi.waitFor(() => expect(mounted).toHaveBeenCalled());
  });
});

