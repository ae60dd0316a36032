import type { Caller } from '#shared/api/route';
import { DomainError, forbidden, unauthorized } from './errors';

export interface Principal {
  userId: string;
  /** Present on ID tokens; access tokens carry only `username`. */
  email?: string;
  groups: string[];
  isStaff: boolean;
}

type Claims = Record<string, string | number | boolean | string[] | undefined>;

/**
 * Cognito puts groups in `cognito:groups`; API Gateway HTTP APIs flatten arrays in JWT claims
 * into a string like "[staff other]", so accept both shapes.
 */
export function parseGroups(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw !== 'string' || raw === '') return [];
  return raw.replace(/^\[|\]$/g, '').split(/[\s,]+/).filter(Boolean);
}

export function principalFromClaims(claims: Claims | undefined): Principal | undefined {
  const sub = claims?.sub;
  if (typeof sub !== 'string' || !sub) return undefined;
  const groups = parseGroups(claims?.['cognito:groups']);
  const email = typeof claims?.email === 'string' ? claims.email : undefined;
  return { userId: sub, email, groups, isStaff: groups.includes('staff') };
}

/** Enforces the route's caller kind; the authorizer already verified the token signature. */
export function authorize(caller: Caller, principal: Principal | undefined): void {
  if (caller === 'public' || caller === 'stripe-signature') return;
  if (!principal) throw unauthorized();
  if (caller === 'staff' && !principal.isStaff) throw forbidden('Staff only.');
}

export function requirePrincipal(p: Principal | undefined): Principal {
  if (!p) throw new DomainError('unauthorized', 'Sign in required.');
  return p;
}
