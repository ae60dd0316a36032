import { useEffect, useRef, useState, type RefObject } from 'react';
import { Authenticator, ThemeProvider } from '@aws-amplify/ui-react';
import '@aws-amplify/ui-react/styles.css';
import {
  confirmResetPassword, resetPassword, signIn, signUp,
  type ConfirmResetPasswordInput, type ResetPasswordInput, type ResetPasswordOutput, type SignInInput, type SignUpInput,
} from 'aws-amplify/auth';
import { SIGNUP_NAME_ATTRIBUTE } from '#shared/deploy/user-attributes';
import { normalizeDisplayName } from '#shared/rules/display-name';
import { isValidPassword, PASSWORD_RULE_MESSAGE } from '#shared/rules/password-rule';
import { PASSWORD_AUTH_FLOW, startAuth } from '../../../lib/auth';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { resetConfirmError, signInError, startReset } from '../lib/account-enumeration';
import { authenticatorTheme } from '../lib/authenticator-theme';

/**
 * Password sign-in, sign-up (with the e-mailed confirmation code) and password reset, for the
 * local stack: Amplify UI's Authenticator with every sign-in forced to USER_PASSWORD_AUTH
 * (cognito-local has no SRP), auto sign-in after confirming the code, and the site's password rule.
 * Its answers never tell whether an address has an account (lib/account-enumeration.ts), and it
 * wears the site's colours and font (lib/authenticator-theme.ts).
 * Loaded only in password mode, so hosted deployments never download it.
 */
/** Told when a password reset succeeds (the Authenticator itself goes back to an empty sign-in form). */
let passwordWasReset: ((email: string) => void) | undefined;

const PASSWORD_CHANGED = 'Your password was changed. Sign in with your new password.';

/** Puts `value` in a React-controlled input as typing would (the Authenticator's own state follows). */
function typeInto(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * The optional name, tidied (shared/rules/display-name.ts) and left out when empty, goes as
 * custom:signup_name: the app client may not write `name` (shared/deploy/user-attributes.ts). The
 * PostConfirmation trigger makes it the account's name, through the same rule again (server side).
 */
function signUpAttributes(attrs: Record<string, string | undefined> = {}): Record<string, string> {
  const { name, ...rest } = attrs;
  const tidy = normalizeDisplayName(name ?? '');
  return Object.fromEntries(
    Object.entries({ ...rest, ...(tidy ? { [SIGNUP_NAME_ATTRIBUTE]: tidy } : {}) }).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

/**
 * The form shows before Amplify is configured (it loads after the first paint, lib/auth.ts): a
 * quick submit on a busy machine got "No AmplifyContext available". Every call waits for it.
 */
const configured = <A extends unknown[], R>(call: (...args: A) => Promise<R>) => async (...args: A): Promise<R> => {
  await startAuth();
  return call(...args);
};

// Amplify's signIn/signUp are overloaded (with and without a server context); the Authenticator
// calls them with the input only.
const services = {
  handleSignIn: configured(async (input: SignInInput) => {
    try {
      return await signIn({ ...input, options: { ...input.options, authFlowType: PASSWORD_AUTH_FLOW } });
    } catch (e) {
      throw signInError(e);
    }
  }) as typeof signIn,
  // An unknown address gets the same "code sent" step, in the same words, as a known one (no mail goes out).
  handleForgotPassword: configured((input: ResetPasswordInput): Promise<ResetPasswordOutput> => startReset(resetPassword, input)) as typeof resetPassword,
  handleForgotPasswordSubmit: configured(async (input: ConfirmResetPasswordInput) => {
    try {
      await confirmResetPassword(input);
    } catch (e) {
      throw resetConfirmError(e);
    }
    passwordWasReset?.(input.username);
  }) as typeof confirmResetPassword,
  handleSignUp: configured((input: SignUpInput) =>
    signUp({
      ...input,
      options: { ...input.options, userAttributes: signUpAttributes(input.options?.userAttributes), autoSignIn: { authFlowType: PASSWORD_AUTH_FLOW } },
    })) as typeof signUp,
  async validateFormPassword(formData: Record<string, string>, touchData: Record<string, boolean>) {
    if (!touchData.password || isValidPassword(formData.password ?? '')) return null;
    return { password: PASSWORD_RULE_MESSAGE };
  },
};

const formFields = {
  signUp: {
    email: { order: 1, isRequired: true },
    name: { order: 2, label: 'Name (optional)', placeholder: 'What should we call you?', isRequired: false, autocomplete: 'name' },
    password: { order: 3 },
    confirm_password: { order: 4 },
  },
};

/**
 * After a reset the sign-in form says so and has the e-mail filled in, with focus on the password.
 */
function usePasswordResetNotice(root: RefObject<HTMLDivElement | null>): string | null {
  const [resetFor, setResetFor] = useState<string | null>(null);
  useEffect(() => {
    passwordWasReset = setResetFor;
    return () => {
      passwordWasReset = undefined;
    };
  }, []);
  useEffect(() => {
    if (!resetFor || !root.current) return;
    const container = root.current;
    const fill = () => {
      const email = container.querySelector<HTMLInputElement>('input[name="username"]');
      if (!email) return false;
      typeInto(email, resetFor);
      container.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
      return true;
    };
    if (fill()) return;
    const observer = new MutationObserver(() => fill() && observer.disconnect());
    observer.observe(container, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [resetFor, root]);
  return resetFor;
}

export default function PasswordAuthenticator({ initialState = 'signIn' }: { initialState?: 'signIn' | 'signUp' }) {
  const config = useRuntimeConfig();
  const root = useRef<HTMLDivElement>(null);
  const resetFor = usePasswordResetNotice(root);
  return (
    <div className="password-auth" ref={root}>
      {resetFor && (
        <p role="status" className="password-auth__notice">
          {PASSWORD_CHANGED}
        </p>
      )}
      <ThemeProvider theme={authenticatorTheme}>
        <Authenticator initialState={initialState} loginMechanisms={['email']} services={services} formFields={formFields} />
      </ThemeProvider>
      {config?.outboxUrl && (
        <p className="password-auth__local-note">
          Local stack: the confirmation code is always <strong>123456</strong>; sent mail is also in the{' '}
          <a href={config.outboxUrl} target="_blank" rel="noreferrer">
            local outbox
          </a>
          .
        </p>
      )}
    </div>
  );
}
