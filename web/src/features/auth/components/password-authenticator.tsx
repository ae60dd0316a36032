import { Authenticator } from '@aws-amplify/ui-react';
import '@aws-amplify/ui-react/styles.css';
import { signIn, signUp, type SignInInput, type SignUpInput } from 'aws-amplify/auth';
import { isValidPassword, PASSWORD_RULE_MESSAGE } from '#shared/rules/password-rule';
import { PASSWORD_AUTH_FLOW } from '../../../lib/auth';
import { useRuntimeConfig } from '../../../lib/runtime-config';

/**
 * Password sign-in, sign-up (with the e-mailed confirmation code) and password reset, for the
 * local stack: Amplify UI's Authenticator with every sign-in forced to USER_PASSWORD_AUTH
 * (cognito-local has no SRP), auto sign-in after confirming the code, and the site's password rule.
 * Loaded only in password mode, so hosted deployments never download it.
 */
// Amplify's signIn/signUp are overloaded (with and without a server context); the Authenticator
// calls them with the input only.
const services = {
  handleSignIn: ((input: SignInInput) =>
    signIn({ ...input, options: { ...input.options, authFlowType: PASSWORD_AUTH_FLOW } })) as typeof signIn,
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
      <Authenticator initialState={initialState} loginMechanisms={['email']} services={services} formFields={formFields} />
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
