import { describe, expect, it } from 'vitest';
import type { InviteDetails } from '#shared/domain/invite';
import { canComplete } from './components/create-password-form';
import { inviteOutcome, type InviteInputs } from './invite-outcome';

const invite = (type: 'temp' | 'user' = 'temp'): InviteDetails => ({
  user: { email: 'jane@acme.example', type },
  organization: { name: 'Acme Legal LLP', orgId: 'org_1' },
});

const base = (over: Partial<InviteInputs> = {}): InviteInputs => ({
  sub: 'sub1', token: 'tok1',
  details: { status: 'loaded', invite: invite() },
  auth: { status: 'signedOut', email: null },
  account: { status: 'idle' },
  declined: null,
  ...over,
});

describe('inviteOutcome, in the order of precedence', () => {
  it('1. missing sub or token: Page not found (before anything else)', () => {
    expect(inviteOutcome(base({ sub: null, details: { status: 'loading' } })).kind).toBe('page-not-found');
    expect(inviteOutcome(base({ token: '' })).kind).toBe('page-not-found');
  });
  it('2. loading details or auth: spinner', () => {
    expect(inviteOutcome(base({ details: { status: 'loading' } })).kind).toBe('loading');
    expect(inviteOutcome(base({ auth: { status: 'loading', email: null } })).kind).toBe('loading');
  });
  it('3. not found or expired', () => {
    expect(inviteOutcome(base({ details: { status: 'not-found' }, declined: { orgAdminEmail: 'a@x' } })).kind).toBe('not-found');
  });
  it('4. signed in with another e-mail: sign out (even after declining)', () => {
    const o = inviteOutcome(base({ auth: { status: 'signedIn', email: 'sam@other.example' }, declined: { orgAdminEmail: 'a@x' } }));
    expect(o).toMatchObject({ kind: 'sign-out', signedInEmail: 'sam@other.example' });
  });
  it('5. declined: the admin contact', () => {
    expect(inviteOutcome(base({ declined: { orgAdminEmail: 'admin@acme.example' } }))).toMatchObject({
      kind: 'declined', orgAdminEmail: 'admin@acme.example',
    });
  });
  it('6. signed out and a temp user: create a password', () => {
    expect(inviteOutcome(base()).kind).toBe('create-password');
  });
  it('7. signed in with the invited e-mail (any case): Accept, or straight on when already an active member', () => {
    const signedIn = { status: 'signedIn' as const, email: 'Jane@Acme.example' };
    expect(inviteOutcome(base({ auth: signedIn, account: { status: 'loading' } })).kind).toBe('loading');
    expect(inviteOutcome(base({ auth: signedIn, account: { status: 'loaded', orgId: null, orgStatus: null } })).kind).toBe('accept');
    expect(inviteOutcome(base({ auth: signedIn, account: { status: 'error' } })).kind).toBe('accept');
    expect(inviteOutcome(base({ auth: signedIn, account: { status: 'loaded', orgId: 'org_1', orgStatus: 'active' } })).kind).toBe('already-member');
    expect(inviteOutcome(base({ auth: signedIn, account: { status: 'loaded', orgId: 'org_1', orgStatus: 'deactivated' } })).kind).toBe('accept');
  });
  it('8. otherwise (signed out, the address has an account): sign in', () => {
    expect(inviteOutcome(base({ details: { status: 'loaded', invite: invite('user') } })).kind).toBe('sign-in');
  });
});

describe('canComplete (the create-password form)', () => {
  it('needs a valid password; a second entry present must be valid and equal', () => {
    expect(canComplete('short', '')).toBe(false);
    expect(canComplete('lowercaseonly', '')).toBe(false);
    expect(canComplete('GoodPassword', '')).toBe(true);
    expect(canComplete('GoodPassword', 'GoodPass')).toBe(false);
    expect(canComplete('GoodPassword', 'OtherPassword')).toBe(false);
    expect(canComplete('GoodPassword', 'GoodPassword')).toBe(true);
  });
});
