import {
  AdminUpdateUserAttributesCommand, CognitoIdentityProviderClient, DeleteUserAttributesCommand, GetUserCommand, ListUsersCommand,
  UpdateUserAttributesCommand, VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { awsEndpoints, config } from '../lib/config';

let client: CognitoIdentityProviderClient | undefined;

/**
 * One Cognito client per container. Locally `COGNITO_ENDPOINT` points it at cognito-local, which
 * accepts any credentials; in AWS the function's role signs the calls.
 */
export function cognito(): CognitoIdentityProviderClient {
  if (!client) {
    const endpoint = awsEndpoints.cognito();
    client = new CognitoIdentityProviderClient(
      endpoint
        ? { endpoint, region: config.awsRegion(), credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {},
    );
  }
  return client;
}

const userPoolId = () => config.userPoolId();

/** Cognito filter values are double-quoted; quotes and backslashes inside must be escaped. */
const filterValue = (v: string) => v.replace(/["\\]/g, '\\$&');

export const cognitoUsers = {
  /** The `sub` of every Cognito user whose e-mail attribute is exactly `email`. */
  async subsWithEmail(email: string): Promise<string[]> {
    const r = await cognito().send(
      new ListUsersCommand({ UserPoolId: userPoolId(), Filter: `email = "${filterValue(email)}"`, Limit: 10 }),
    );
    return (r.Users ?? [])
      .map((u) => u.Attributes?.find((a) => a.Name === 'sub')?.Value)
      .filter((s): s is string => !!s);
  },

  /**
   * Sets the user's e-mail and marks it verified, so the user keeps signing in with it (an
   * unverified address would leave them unable to sign in or reset the password).
   */
  async setVerifiedEmail(username: string, email: string): Promise<void> {
    await cognito().send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: userPoolId(),
        Username: username,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  },
};
export type CognitoUsers = typeof cognitoUsers;

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

/** The user's own name (standard `name` attribute), set with their access token; '' removes it. */
export const ownName = {
  async set(accessToken: string, name: string): Promise<void> {
    if (name) await cognito().send(new UpdateUserAttributesCommand({ AccessToken: accessToken, UserAttributes: [{ Name: 'name', Value: name }] }));
    else await cognito().send(new DeleteUserAttributesCommand({ AccessToken: accessToken, UserAttributeNames: ['name'] }));
  },
};

const named = (name: string) => (e: unknown): boolean => e instanceof Error && e.name === name;
export const isCodeMismatch = named('CodeMismatchException');
export const isExpiredCode = named('ExpiredCodeException');
/** Too many codes asked for or tried (Cognito's throttles for one user). */
export const isTooManyAttempts = (e: unknown) =>
  named('LimitExceededException')(e) || named('TooManyFailedAttemptsException')(e) || named('TooManyRequestsException')(e);

/** Cognito's answer when the new e-mail is another user's sign-in alias. */
export const isAliasExists = (e: unknown): boolean => e instanceof Error && e.name === 'AliasExistsException';
