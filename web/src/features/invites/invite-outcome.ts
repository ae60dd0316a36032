import type { AuthStatus } from '../../lib/auth';
import type { InviteDetails } from '#shared/domain/invite';

/** The query flag the account page reads to say 'Success. Your account is part of {org}' (/account?org=success). */
export const ORG_SUCCESS_QUERY = 'org=success';

export type DetailsState = { status: 'loading' } | { status: 'not-found' } | { status: 'loaded'; invite: InviteDetails };
export type OwnAccountState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded'; orgId: string | null; orgStatus: string | null }
  | { status: 'error' };

export interface InviteInputs {
  sub: string | null;
  token: string | null;
  details: DetailsState;
  auth: { status: AuthStatus; email: string | null };
  /** The signed-in user's account (looked up once the e-mails match). */
  account: OwnAccountState;
  declined: { orgAdminEmail: string } | null;
}

export type InviteOutcome =
  | { kind: 'page-not-found' }
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'sign-out'; invite: InviteDetails; signedInEmail: string }
  | { kind: 'declined'; invite: InviteDetails; orgAdminEmail: string }
  | { kind: 'create-password'; invite: InviteDetails }
  | { kind: 'already-member'; invite: InviteDetails }
  | { kind: 'accept'; invite: InviteDetails }
  | { kind: 'sign-in'; invite: InviteDetails };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The invite page's outcome, in the spec's order of precedence (001, section 4):
 * 1. missing sub or token: Page not found; 2. loading: spinner; 3. not found or expired;
 * 4. signed in with another e-mail: sign out; 5. declined; 6. signed out and a temp user:
 * create a password; 7. signed in with the invited e-mail: Accept (or, already an active member
 * of that organisation, straight to the account page); 8. otherwise: sign in.
 */
export function inviteOutcome(i: InviteInputs): InviteOutcome {
  if (!i.sub || !i.token) return { kind: 'page-not-found' };
  if (i.details.status === 'loading' || i.auth.status === 'loading') return { kind: 'loading' };
  if (i.details.status === 'not-found') return { kind: 'not-found' };
  const invite = i.details.invite;
  const signedIn = i.auth.status === 'signedIn' && !!i.auth.email;
  if (signedIn && !same(i.auth.email!, invite.user.email)) return { kind: 'sign-out', invite, signedInEmail: i.auth.email! };
  if (i.declined) return { kind: 'declined', invite, orgAdminEmail: i.declined.orgAdminEmail };
  if (i.auth.status === 'signedOut' && invite.user.type === 'temp') return { kind: 'create-password', invite };
  if (signedIn) {
    if (i.account.status === 'idle' || i.account.status === 'loading') return { kind: 'loading' };
    if (i.account.status === 'loaded' && i.account.orgId === invite.organization.orgId && i.account.orgStatus === 'active') {
      return { kind: 'already-member', invite };
    }
    return { kind: 'accept', invite };
  }
  return { kind: 'sign-in', invite };
}
