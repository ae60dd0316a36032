import {
  AdminUpdateUserAttributesCommand, CognitoIdentityProviderClient, ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { awsEndpoints, requireEnv } from '../lib/config';

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
        ? { endpoint, region: process.env.AWS_REGION ?? 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {},
    );
  }
  return client;
}

const userPoolId = () => requireEnv('USER_POOL_ID');

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

/** Cognito's answer when the new e-mail is another user's sign-in alias. */
export const isAliasExists = (e: unknown): boolean => e instanceof Error && e.name === 'AliasExistsException';
