import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router-dom';
import { getAuthState, resetAuthForTests } from '../lib/auth';
import { mayHandOver } from '../lib/extension-login';
import { latchSignOut } from './sign-out-latch';

const user = { userId: 'u1', email: 'a@x.example', name: 'Ann', loginMethod: 'Email' as const, isSocial: false };
/** The sign-out page's code never arrives: only the click has happened. */
const routes = [
  { path: '/account', Component: () => null },
  { path: '/library', Component: () => null },
  { path: '/auth/signout', lazy: () => new Promise<never>(() => {}) },
];

afterEach(() => resetAuthForTests());

describe('latchSignOut', () => {
  it('stops login hand-overs as soon as a navigation to /auth/signout starts, before its page loads', async () => {
    resetAuthForTests({ status: 'signedIn', user });
    const router = latchSignOut(createMemoryRouter(routes, { initialEntries: ['/account'] }));
    expect(mayHandOver('u1')).toBe(true);
    void router.navigate('/auth/signout');
    await expect.poll(() => getAuthState().signingOut).toBe(true);
    expect(router.state.location.pathname).toBe('/account'); // the sign-out page has not rendered
    expect(mayHandOver('u1')).toBe(false);
  });

  it('latches a page opened at /auth/signout/ and leaves other navigations alone', async () => {
    resetAuthForTests({ status: 'signedIn', user });
    const router = latchSignOut(createMemoryRouter(routes, { initialEntries: ['/account'] }));
    await router.navigate('/library');
    await new Promise((r) => setTimeout(r, 20));
    expect(getAuthState().signingOut).toBe(false);

    latchSignOut(createMemoryRouter([{ path: '/auth/signout', Component: () => null }], { initialEntries: ['/auth/signout/'] }));
    await expect.poll(() => getAuthState().signingOut).toBe(true);
  });
});
