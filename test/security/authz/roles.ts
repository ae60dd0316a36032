/**
 * The kinds of caller the authorisation matrix (test/security/authz.test.ts) tries every route
 * with, and shorthands for the rows of expected statuses in ./route-cases.ts.
 *
 * Each caller aims at the same subjects: the free user's image, checkout and card-update session,
 * the invitation sent to the free user's e-mail, organisation A and one of its members. Routes
 * without a target act on the caller's own account.
 */
export const authzRoles = [
  'anonymous', // no token
  'freeUser', // signed in, no subscription, no organisation; owns the subjects above
  'anotherFreeUser', // the same kind of account, someone else
  'orgMember', // active member of organisation A
  'adminOfAnotherOrg', // active admin of organisation B
  'orgAdmin', // active admin of organisation A
  'staff', // Cognito group `staff`
] as const;
export type AuthzRole = (typeof authzRoles)[number];

/** One status, or (rarely) the few that are all acceptable. */
export type ExpectedStatus = number | readonly number[];

/** Same status for every signed-in caller, 401 without a token. */
export const signedIn = (status: number): Record<AuthzRole, number> => ({
  anonymous: 401, freeUser: status, anotherFreeUser: status, orgMember: status, adminOfAnotherOrg: status, orgAdmin: status, staff: status,
});
/** Only org A's admin (docs/enterprise.md: anyone else, an unknown org included, gets the same 403). */
export const orgAdminOnly = (status: number) => ({ ...signedIn(403), orgAdmin: status });
export const staffOnly = (status: number) => ({ ...signedIn(403), staff: status });
/** The free user's own object; any other signed-in caller is told it does not exist (404). */
export const ownerOnly = (status: number) => ({ ...signedIn(404), freeUser: status });
/** A public route whose answer is the same for every caller. */
export const anyone = (status: number) => ({ ...signedIn(status), anonymous: status });
/** The invitation sent to the free user: its token works with or without a sign-in. */
export const inviteLinkHolder = (status: number) => ({ ...ownerOnly(status), anonymous: status });
