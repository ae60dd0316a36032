import { randomUUID } from 'node:crypto';
import { AdminAddUserToGroupCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import { buildPath, type RouteDef } from '#shared/api/route';
import { usersRepo } from '../../lambdas/adapters/users-repo';
import { cognitoAdmin, type LocalCognito } from '../../scripts/local/cognito';
import { DEMO_PASSWORD, enrolTotp, passwordAccessToken, signUpConfirmed } from '../../scripts/local/seed';

export const pool = () => inject('cognitoPool') as unknown as LocalCognito;
export const urls = () => inject('stackUrls');

export const uniqueEmail = (tag = 'user') => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

/** Signs an existing user in with USER_PASSWORD_AUTH, as the website does locally; the access token. */
export const signIn = (email: string): Promise<string> => passwordAccessToken(pool(), email);

/** A confirmed user signed in with USER_PASSWORD_AUTH, as the website does locally. */
export async function signedInUser(email = uniqueEmail()) {
  const userId = await signUpConfirmed(pool(), email);
  const c = cognitoAdmin(pool().endpoint);
  const r = await c.send(new InitiateAuthCommand({
    AuthFlow: 'USER_PASSWORD_AUTH', ClientId: pool().userPoolClientId,
    AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD },
  }));
  c.destroy();
  return { userId, email, accessToken: r.AuthenticationResult!.AccessToken!, idToken: r.AuthenticationResult!.IdToken! };
}

/**
 * A staff user made the way the seed makes one (Cognito group `staff` + isStaff + TOTP as the
 * required second factor), signed in again so the token carries the group. `mfa: false` leaves
 * TOTP out: such an account is refused by every staff route (lambdas/lib/staff-guard.ts).
 */
export async function staffUser(email = uniqueEmail('staff'), opts: { mfa?: boolean } = {}) {
  const u = await signedInUser(email);
  const c = cognitoAdmin(pool().endpoint);
  await c.send(new AdminAddUserToGroupCommand({ UserPoolId: pool().userPoolId, Username: u.email, GroupName: 'staff' }));
  c.destroy();
  await usersRepo.update(u.userId, { isStaff: true });
  if (opts.mfa !== false) await enrolTotp(pool(), u.email);
  return { ...u, accessToken: await signIn(u.email) };
}

/** Calls a route of the running local API over HTTP (JWT check included). */
export async function callApi(
  route: RouteDef,
  opts: { token?: string; body?: unknown; query?: Record<string, string>; params?: Record<string, string>; headers?: Record<string, string>; rawBody?: string } = {},
) {
  const url = new URL(urls().api + buildPath(route.path, opts.params));
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const res = await fetch(url, {
    method: route.method,
    headers: {
      ...(opts.body !== undefined || opts.rawBody !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, body: json as Record<string, unknown> };
}
