import { Authenticator, ThemeProvider } from '@aws-amplify/ui-react';
import '@aws-amplify/ui-react/styles.css';
import {
  confirmResetPassword, resetPassword, signIn, signUp,
  type ConfirmResetPasswordInput, type ResetPasswordInput, type ResetPasswordOutput, type SignInInput, type SignUpInput,
} from 'aws-amplify/auth';
import { isValidPassword, PASSWORD_RULE_MESSAGE } from '#shared/rules/password-rule';
import { PASSWORD_AUTH_FLOW } from '../../../lib/auth';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { isUnknownUser, maskedEmail, resetConfirmError, signInError } from '../lib/account-enumeration';
import { authenticatorTheme } from '../lib/authenticator-theme';

/**
 * Password sign-in, sign-up (with the e-mailed confirmation code) and password reset, for the
 * local stack: Amplify UI's Authenticator with every sign-in forced to USER_PASSWORD_AUTH
 * (cognito-local has no SRP), auto sign-in after confirming the code, and the site's password rule.
 * Its answers never tell whether an address has an account (lib/account-enumeration.ts), and it
 * wears the site's colours and font (lib/authenticator-theme.ts).
 * Loaded only in password mode, so hosted deployments never download it.
 */
// Amplify's signIn/signUp are overloaded (with and without a server context); the Authenticator
// calls them with the input only.
const services = {
  handleSignIn: (async (input: SignInInput) => {
    try {
      return await signIn({ ...input, options: { ...input.options, authFlowType: PASSWORD_AUTH_FLOW } });
    } catch (e) {
      throw signInError(e);
    }
  }) as typeof signIn,
  // An unknown address gets the same "code sent" step as a known one (no mail goes out).
  handleForgotPassword: (async (input: ResetPasswordInput): Promise<ResetPasswordOutput> => {
    try {
      return await resetPassword(input);
    } catch (e) {
      if (!isUnknownUser(e)) throw e;
      return {
        isPasswordReset: false,
        nextStep: {
          resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
          codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: maskedEmail(input.username), attributeName: 'email' },
        },
      };
    }
  }) as typeof resetPassword,
  handleForgotPasswordSubmit: (async (input: ConfirmResetPasswordInput) => {
    try {
      await confirmResetPassword(input);
    } catch (e) {
      throw resetConfirmError(e);
    }
  }) as typeof confirmResetPassword,
  handleSignUp: ((input: SignUpInput) =>
    signUp({
      ...input,
      options: { ...input.options, userAttributes: input.options?.userAttributes ?? {}, autoSignIn: { authFlowType: PASSWORD_AUTH_FLOW } },
    })) as typeof signUp,
  async validateFormPassword(formData: Record<string, string>, touchData: Record<string, boolean>) {
    if (!touchData.password || isValidPassword(formData.password ?? '')) return null;
    return { password: PASSWORD_RULE_MESSAGE };
  },
};

const formFields = {
  signUp: {
    email: { order: 1, isRequired: true },
    password: { order: 2 },
    confirm_password: { order: 3 },
  },
};

export default function PasswordAuthenticator({ initialState = 'signIn' }: { initialState?: 'signIn' | 'signUp' }) {
  const config = useRuntimeConfig();
  return (
    <div className="password-auth">
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
