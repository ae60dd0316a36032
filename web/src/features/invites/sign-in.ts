import { signIn } from 'aws-amplify/auth';
import { PASSWORD_AUTH_FLOW, startAuth, startHostedSignIn } from '../../lib/auth';
import { loadRuntimeConfig } from '../../lib/runtime-config';
import { paths } from '../../config/paths';

/**
 * Signs the new account in with the password just chosen: USER_PASSWORD_AUTH against
 * cognito-local, SRP against Cognito in AWS. Throws when a further step would be needed.
 */
export async function signInWithPassword(email: string, password: string): Promise<void> {
  await startAuth();
  const { auth } = await loadRuntimeConfig();
  const r = await signIn({
    username: email,
    password,
    options: { authFlowType: auth.mode === 'password' ? PASSWORD_AUTH_FLOW : 'USER_SRP_AUTH' },
  });
  if (!r.isSignedIn) throw new Error(`Sign-in needs another step: ${r.nextStep.signInStep}`);
}

/**
 * Starts sign-in and comes back to `redirectPath`: the managed login (hosted mode), or the
 * site's sign-in page (password mode, local). Answers the path to navigate to in password mode.
 */
export async function startSignIn(redirectPath: string): Promise<string | null> {
  const { auth } = await loadRuntimeConfig();
  if (auth.mode === 'hosted') {
    await startHostedSignIn(redirectPath);
    return null;
  }
  return `${paths.authSignIn.href()}?${new URLSearchParams({ redirectPath })}`;
}
