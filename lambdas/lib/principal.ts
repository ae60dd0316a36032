import { needsGrant, needsToken, type RouteDef } from '#shared/api/route';
import { forbidden, unauthorized } from './errors';

export interface Principal {
  userId: string;
  /** Present on ID tokens; access tokens carry only `username`. */
  email?: string;
  groups: string[];
  isStaff: boolean;
  /** The Cognito username (`username` on access tokens, `cognito:username` on ID tokens), when the token names it. */
  username?: string;
}

type Claims = Record<string, string | number | boolean | string[] | undefined>;

/**
 * Cognito puts groups in `cognito:groups`; API Gateway HTTP APIs flatten arrays in JWT claims
 * into a string like "[staff other]", so accept both shapes.
 */
function parseGroups(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw !== 'string' || raw === '') return [];
  return raw.replace(/^\[|\]$/g, '').split(/[\s,]+/).filter(Boolean);
}

export function principalFromClaims(claims: Claims | undefined): Principal | undefined {
  const sub = claims?.sub;
  if (typeof sub !== 'string' || !sub) return undefined;
  // Only access tokens act as the user: an ID token (which API Gateway's JWT authorizer also
  // accepts, its `aud` being the app client) is no principal, so the route answers 401.
  if (claims?.token_use !== undefined && claims.token_use !== 'access') return undefined;
  const groups = parseGroups(claims?.['cognito:groups']);
  const email = typeof claims?.email === 'string' ? claims.email : undefined;
  const name = claims?.username ?? claims?.['cognito:username'];
  const username = typeof name === 'string' && name ? name : undefined;
  return { userId: sub, email, groups, isStaff: groups.includes('staff'), ...(username ? { username } : {}) };
}

/** Enforces the route's caller kind; the authorizer already verified the token signature. */
export function authorize(route: Pick<RouteDef, 'caller'>, principal: Principal | undefined): void {
  if (!needsToken(route) && !needsGrant(route)) return;
  if (!principal) throw unauthorized();
  if (route.caller === 'staff' && !principal.isStaff) throw forbidden('Staff only.');
}
