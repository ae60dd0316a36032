import {
  CognitoIdentityProviderClient, GetUserCommand, UpdateUserAttributesCommand, VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { awsEndpoints, config } from '../lib/config';
import { traced } from '../lib/tracer';

let client: CognitoIdentityProviderClient | undefined;

/**
 * One Cognito client per container. Locally `COGNITO_ENDPOINT` points it at cognito-local, which
 * accepts any credentials; in AWS the function's role signs the calls.
 */
export function cognito(): CognitoIdentityProviderClient {
  if (!client) {
    const endpoint = awsEndpoints.cognito();
    client = traced(new CognitoIdentityProviderClient(
      endpoint
        ? { endpoint, region: config.awsRegion(), credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {},
    ));
  }
  return client;
}

// The Cognito calls that staff and operators make with IAM (ListUsers, AdminUpdateUserAttributes…)
// are in cognito-admin.ts.

/**
 * The user's own e-mail change, called with their access token (no IAM permission involved). The
 * pool keeps the original address until the new one is verified (`keepOriginal` in the auth
 * stack, `AttributesRequireVerificationBeforeUpdate` locally), so nothing changes before the code.
 */
export const ownEmailChange = {
  /**
   * Asks Cognito to send a code to `email`. `pendingEmail` in the client metadata lets the local
   * CustomMessage trigger address the code (cognito-local hands the trigger the old attributes).
   */
  async request(accessToken: string, email: string): Promise<void> {
    await cognito().send(new UpdateUserAttributesCommand({
      AccessToken: accessToken, UserAttributes: [{ Name: 'email', Value: email }], ClientMetadata: { pendingEmail: email },
    }));
  },

  /** Checks the code; on success Cognito makes the pending address the user's (verified) e-mail. */
  async verify(accessToken: string, code: string): Promise<void> {
    await cognito().send(new VerifyUserAttributeCommand({ AccessToken: accessToken, AttributeName: 'email', Code: code }));
  },

  /** The e-mail Cognito now holds for the token's user, and whether it is verified. */
  async current(accessToken: string): Promise<{ email: string | undefined; verified: boolean }> {
    const r = await cognito().send(new GetUserCommand({ AccessToken: accessToken }));
    const attr = (n: string) => r.UserAttributes?.find((a) => a.Name === n)?.Value;
    return { email: attr('email')?.toLowerCase(), verified: attr('email_verified') === 'true' };
  },
};

/** Cognito's errors, told apart by their exception name (the one place that knows these names). */
const named = (name: string) => (e: unknown): boolean => e instanceof Error && e.name === name;
export const isCodeMismatch = named('CodeMismatchException');
export const isExpiredCode = named('ExpiredCodeException');
/** Too many codes asked for or tried (Cognito's throttles for one user). */
export const isTooManyAttempts = (e: unknown) =>
  named('LimitExceededException')(e) || named('TooManyFailedAttemptsException')(e) || named('TooManyRequestsException')(e);

/** Cognito's answer when the new e-mail is another user's sign-in alias. */
export const isAliasExists = named('AliasExistsException');
/** Cognito refuses a token that was revoked (signed out everywhere) or is not an access token. */
export const isNotAuthorized = named('NotAuthorizedException');
/** Cognito refuses a password (policy): the product's password rule explains it. */
export const isInvalidPassword = named('InvalidPasswordException');
export const isUsernameExists = named('UsernameExistsException');
/** Cognito's answer for a username that does not exist. */
export const isUserNotFound = named('UserNotFoundException');
