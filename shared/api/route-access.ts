import type { RouteId } from './routes';

/**
 * Who may do what: the expected HTTP status of every route for every kind of caller, declared by
 * hand from the specification and docs/ (not read off the handlers). The authorisation matrix
 * (test/security/authz.test.ts) sends a valid request for each cell to the local stack and
 * compares. Typed by `RouteId`, so a new route without a row does not typecheck.
 *
 * Each caller aims at the same subjects: the free user's image, checkout and card-update session,
 * the invitation sent to the free user's e-mail, organisation A and one of its members. Routes
 * without a target act on the caller's own account. Test code only: the web bundle must not import it.
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

export interface RouteAccess {
  expect: Record<AuthzRole, ExpectedStatus>;
  /** Why the row is what it is, where that is not obvious. */
  why?: string;
}

/** Same status for every signed-in caller, 401 without a token. */
const signedIn = (status: number): Record<AuthzRole, number> => ({
  anonymous: 401, freeUser: status, anotherFreeUser: status, orgMember: status, adminOfAnotherOrg: status, orgAdmin: status, staff: status,
});
/** Only org A's admin (docs/enterprise.md: anyone else, an unknown org included, gets the same 403). */
const orgAdminOnly = (status: number) => ({ ...signedIn(403), orgAdmin: status });
const staffOnly = (status: number) => ({ ...signedIn(403), staff: status });
/** The free user's own object; any other signed-in caller is told it does not exist (404). */
const ownerOnly = (status: number) => ({ ...signedIn(404), freeUser: status });
/** A public route whose answer is the same for every caller. */
const anyone = (status: number) => ({ ...signedIn(status), anonymous: status });
/** The invitation sent to the free user: its token works with or without a sign-in. */
const inviteLinkHolder = (status: number) => ({ ...ownerOnly(status), anonymous: status });

/** Both refusals docs/billing.md gives an organisation account that asks for Premium. */
const orgPlan = [403, 409] as const;

export const routeAccess: Record<RouteId, RouteAccess> = {
  lookupAccount: { expect: signedIn(200), why: 'everyone reads their own account' },
  cancelAccountSubscription: {
    expect: { ...signedIn(404), orgMember: 403, adminOfAnotherOrg: 200, orgAdmin: 200 },
    why: "own subscription: none for free users and staff (404); an org's, by its own admin only (spec §6), so each admin acts on theirs",
  },
  updateAccountCancelAtPeriodEnd: {
    expect: { ...signedIn(404), orgMember: 403, adminOfAnotherOrg: 200, orgAdmin: 200 },
    why: 'as cancel: members are told to contact their administrator',
  },
  changeEmail: { expect: signedIn(200), why: 'own sign-in e-mail' },
  updateAccountName: { expect: signedIn(200), why: 'own name' },
  verifyAccountEmail: {
    expect: signedIn(200), why: 'own e-mail change: the request starts a change first, then sends the code the new address received',
  },

  createCheckoutSessionUrl: {
    expect: { ...signedIn(200), orgMember: orgPlan, adminOfAnotherOrg: orgPlan, orgAdmin: orgPlan },
    why: "an organisation account's plan is the organisation's: refused, 409 while that plan is live (docs/billing.md), else 403",
  },
  performCheckoutSessionSuccess: {
    expect: ownerOnly(200), why: "another user's session answers like an unknown id (404)",
  },
  createUpdatePaymentSession: {
    expect: { ...signedIn(200), orgMember: 403 },
    why: "own card (org admins: their organisation's); members may not change the organisation's",
  },
  confirmUpdatePaymentSession: {
    expect: { ...ownerOnly(200), orgMember: 403 },
    why: "another user's session is 404; a member is refused before any session is looked at",
  },
  stripeWebhook: { expect: anyone(400), why: 'only a Stripe signature is accepted; a JWT is not one' },

  getOrganization: { expect: orgAdminOnly(200) },
  getOrganizationMembers: { expect: orgAdminOnly(200) },
  sendEnterpriseMembersInvitations: { expect: orgAdminOnly(200) },
  revokeEnterpriseMemberInvite: {
    expect: { ...orgAdminOnly(200), adminOfAnotherOrg: 404 },
    why: "org A's pending invitation; org B's admin names it under org B, where it does not exist",
  },
  updateEnterpriseMemberStatus: { expect: { ...orgAdminOnly(200), adminOfAnotherOrg: 404 }, why: "org A's member; as revoke" },

  getInviteDetails: {
    expect: inviteLinkHolder(200),
    why: "the token proves the invited e-mail (a JWT plays no part): the free user's link works signed in or out; a token issued for another e-mail does not open the free user's invitation (404)",
  },
  acceptInvite: { expect: inviteLinkHolder(200), why: 'as getInviteDetails' },
  declineInvite: { expect: inviteLinkHolder(200), why: 'as getInviteDetails' },

  adminSearchUsers: { expect: staffOnly(200) },
  adminVerifyUser: { expect: staffOnly(200) },
  adminDeleteUser: { expect: staffOnly(200) },
  adminListAudit: { expect: staffOnly(200) },

  listImages: { expect: signedIn(200), why: "own images only (the free user's never appear in another list)" },
  createImage: { expect: signedIn(201) },
  finalizeImage: { expect: ownerOnly(200), why: "another user's image id is answered like one that never existed (docs/images.md)" },
  updateImage: { expect: ownerOnly(200), why: 'as finalizeImage' },
  deleteImage: { expect: ownerOnly(200), why: 'as finalizeImage' },

  submitContactSales: { expect: anyone(201), why: 'public form' },
};
