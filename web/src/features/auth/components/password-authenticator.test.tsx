import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '#shared/config/runtime-config';
import { setRuntimeConfigForTests } from '../../../lib/runtime-config';
import PasswordAuthenticator from './password-authenticator';

const fake = vi.hoisted(() => {
  let configure = () => {};
  return {
    configured: false,
    startAuth: vi.fn(() => new Promise<void>((resolve) => (configure = resolve))),
    finishConfigure() {
      this.configured = true;
      configure();
    },
  };
});
vi.mock('../../../lib/auth', () => ({ PASSWORD_AUTH_FLOW: 'USER_PASSWORD_AUTH', startAuth: fake.startAuth }));
// Amplify's own answer when it is called before Amplify.configure().
vi.mock('aws-amplify/auth', async (original) => ({
  ...(await original<object>()),
  getCurrentUser: vi.fn(async () => {
    throw new Error('not signed in');
  }),
  signIn: vi.fn(async () => {
    if (!fake.configured) throw new Error('No AmplifyContext available. Call Amplify.configure() to set a global context.');
    return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
  }),
}));

const local = {
  env: 'local', apiUrl: 'http://127.0.0.1:1', siteUrl: 'http://127.0.0.1:2', extensionOrigins: [], stripeLiveMode: false,
  supportEmail: 'support@fullpageshot.example', auth: { mode: 'password', region: 'us-east-1', userPoolId: 'p', userPoolClientId: 'c' },
} as unknown as RuntimeConfig;

afterEach(cleanup);

it('a sign-in submitted before Amplify is configured waits for it, and never shows "No AmplifyContext"', async () => {
  setRuntimeConfigForTests(local);
  const { signIn } = await import('aws-amplify/auth');
  render(<PasswordAuthenticator />);
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'quick@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Password123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() => expect(fake.startAuth).toHaveBeenCalled());
  expect(signIn).not.toHaveBeenCalled();
  fake.finishConfigure();
  await waitFor(() => expect(signIn).toHaveBeenCalledWith(expect.objectContaining({ username: 'quick@example.com', options: { authFlowType: 'USER_PASSWORD_AUTH' } })));
  expect(screen.queryByText(/No AmplifyContext/)).toBeNull();
});
