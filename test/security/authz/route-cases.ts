import { randomUUID } from 'node:crypto';
import { routes, type RouteId } from '#shared/api/routes';
import { checkoutBody } from '../../integration/billing-test-helpers';
import { makeOrg } from '../../integration/org-test-helpers';
import { LOCAL_CONFIRMATION_CODE } from '../../../scripts/local/cognito';
import { signUpConfirmed } from '../../../scripts/local/seed';
import { callApi, pool, signedInUser, staffUser, uniqueEmail } from '../../integration/helpers';
import { activeMember, grantHeaders, invitation, memberRow, orgWithSubscription, shareLink, unconfirmedUser, uploadedImage, type Actor } from './actors';
import {
  anyone, inviteLinkHolder, orgAdminOnly, ownerOnly, signedIn, staffOnly, type AuthzRole, type ExpectedStatus,
} from './roles';
import { cardUpdateBody, type World } from './world';

/**
 * The test side of the route table: per route of shared/api/routes.ts, who may call it (the
 * expected status per kind of caller, declared by hand from the specification and docs/, not read
 * off the handlers) and a valid request for each caller. The authorisation matrix
 * (test/security/authz.test.ts) sends each cell to the local stack and compares. Typed by
 * `RouteId`, so a new route without its case does not typecheck.
 */

/** What one cell sends: the caller's token (none for anonymous) and a valid request. */
interface CellRequest {
  token?: string;
  /** Other headers (an upload grant: `x-upload-grant`). */
  headers?: Record<string, string>;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  /** Strings of the free user's that must not appear in this caller's answer… */
  mustNotContain?: string[];
  /** …and that must, for the free user (so the first check is not passed by an empty answer). */
  mustContain?: string[];
}

interface CellContext {
  role: AuthzRole;
  /** The role's account in the world; undefined for anonymous. */
  caller: Actor | undefined;
  world: World;
  /** The cell is declared to succeed: a destructive route then gets a target of its own. */
  allowed: boolean;
}

type Build = (c: CellContext) => CellRequest | Promise<CellRequest>;

const isOrgRole = (role: AuthzRole) => role === 'orgMember' || role === 'orgAdmin' || role === 'adminOfAnotherOrg';
const accountType = (role: AuthzRole) => (isOrgRole(role) ? 'organization' : 'user');

/** A new account of the same kind as `role`, for routes that change the caller's own account. */
async function freshActor(role: AuthzRole, world: World): Promise<Actor | undefined> {
  switch (role) {
    case 'anonymous': return undefined;
    case 'freeUser': case 'anotherFreeUser': return signedInUser();
    case 'orgMember': return activeMember(world.orgA);
    case 'orgAdmin': case 'adminOfAnotherOrg': return (await makeOrg()).admin;
    case 'staff': return staffUser();
  }
}

/**
 * The invitation a cell presents: the free user's own link (signed in as the free user, or signed
 * out as whoever opened the e-mail), or, for everyone else, the free user's `sub` with a token
 * that was issued to the caller's own e-mail. An accept or decline that is allowed gets an
 * invitation of its own, so the cells do not use each other's up.
 */
async function inviteCell({ role, caller, world, allowed }: CellContext, ownInvite: boolean): Promise<CellRequest> {
  if (role === 'anonymous' || role === 'freeUser') {
    if (!ownInvite || !allowed) return { token: caller?.accessToken, body: { sub: world.invite.sub, token: world.invite.token } };
    const invitee = await signedInUser(uniqueEmail('invitee'));
    const inv = await invitation(world.orgA, invitee.email, invitee.userId);
    return { token: role === 'freeUser' ? invitee.accessToken : undefined, body: { sub: inv.sub, token: inv.token } };
  }
  return { token: caller!.accessToken, body: { sub: world.invite.sub, token: world.foreignTokens[role] } };
}

/**
 * The org named in the path of a cell aimed at one of org A's members: org A, except for the admin
 * of org B, who names their own organisation with org A's member id (where the org check passes).
 */
const orgOfMemberCell = (role: AuthzRole, world: World) => (role === 'adminOfAnotherOrg' ? world.orgB : world.orgA);

const self: Build = ({ caller }) => ({ token: caller?.accessToken });

/** Both refusals docs/billing.md gives an organisation account that asks for Premium. */
const orgPlan = [403, 409] as const;

export interface RouteCase {
  expect: Record<AuthzRole, ExpectedStatus>;
  /** Why the row is what it is, where that is not obvious. */
  why?: string;
  /** A valid request, aimed at the free user's and org A's objects where the route has a target. */
  request: Build;
}

export const routeCases: Record<RouteId, RouteCase> = {
  lookupAccount: {
    expect: signedIn(200), why: 'everyone reads their own account',
    request: ({ caller, role, world }) => {
      const email = world.actors.freeUser.email;
      return { token: caller?.accessToken, query: { includePayments: 'true' }, ...(role === 'freeUser' ? { mustContain: [email] } : { mustNotContain: [email] }) };
    },
  },
  cancelAccountSubscription: {
    expect: { ...signedIn(404), orgMember: 403, adminOfAnotherOrg: 200, orgAdmin: 200 },
    why: "own subscription: none for free users and staff (404); an org's, by its own admin only (spec §6), so each admin acts on theirs",
    request: async ({ caller, allowed }) => {
      // Cancelling is final: each admin allowed to do it cancels an organisation of their own.
      const who = allowed ? (await orgWithSubscription()).admin : caller;
      return { token: who?.accessToken, body: {} };
    },
  },
  // Turning auto-renew on where it is on already: allowed callers pass, and the world stays as it is.
  updateAccountCancelAtPeriodEnd: {
    expect: { ...signedIn(404), orgMember: 403, adminOfAnotherOrg: 200, orgAdmin: 200 },
    why: 'as cancel: members are told to contact their administrator',
    request: ({ caller }) => ({ token: caller?.accessToken, body: { cancel_at_period_end: false } }),
  },
  changeEmail: {
    expect: signedIn(200), why: 'own sign-in e-mail',
    request: async ({ role, caller, world, allowed }) => {
      const who = allowed ? await freshActor(role, world) : caller;
      return { token: who?.accessToken, body: { email: uniqueEmail('changed') } };
    },
  },
  updateAccountName: {
    expect: signedIn(200), why: 'own name',
    request: ({ caller }) => ({ token: caller?.accessToken, body: { name: 'Authz Tester' } }),
  },
  // An allowed caller first asks for a code, so the verify step has a pending address to confirm.
  verifyAccountEmail: {
    expect: signedIn(200), why: 'own e-mail change: the request starts a change first, then sends the code the new address received',
    request: async ({ role, caller, world, allowed }) => {
      const who = allowed ? await freshActor(role, world) : caller;
      if (allowed && who) await callApi(routes.changeEmail, { token: who.accessToken, body: { email: uniqueEmail('verify') } });
      return { token: who?.accessToken, body: { code: LOCAL_CONFIRMATION_CODE } };
    },
  },

  createCheckoutSessionUrl: {
    expect: { ...signedIn(200), orgMember: orgPlan, adminOfAnotherOrg: orgPlan, orgAdmin: orgPlan },
    why: "an organisation account's plan is the organisation's: refused, 409 while that plan is live (docs/billing.md), else 403",
    request: ({ caller }) => ({ token: caller?.accessToken, body: checkoutBody() }),
  },
  performCheckoutSessionSuccess: {
    expect: ownerOnly(200), why: "another user's session answers like an unknown id (404)",
    request: ({ role, caller, world }) => ({
      token: role === 'freeUser' ? world.payer.accessToken : caller?.accessToken, body: { session_id: world.payer.sessionId },
    }),
  },
  createUpdatePaymentSession: {
    expect: { ...signedIn(200), orgMember: 403 },
    why: "own card (org admins: their organisation's); members may not change the organisation's",
    request: ({ role, caller }) => ({ token: caller?.accessToken, body: cardUpdateBody(accountType(role)) }),
  },
  confirmUpdatePaymentSession: {
    expect: { ...ownerOnly(200), orgMember: 403 },
    why: "another user's session is 404; a member is refused before any session is looked at",
    request: ({ role, caller, world }) => ({
      token: caller?.accessToken, body: { session_id: world.setupSessionId, account_type: accountType(role) },
    }),
  },
  stripeWebhook: {
    expect: anyone(400), why: 'only a Stripe signature is accepted; a JWT is not one',
    request: ({ caller, world }) => ({
      // What an attacker would like Stripe to have said: the free user has a live subscription.
      token: caller?.accessToken,
      rawBody: JSON.stringify({
        id: `evt_forged_${randomUUID()}`, object: 'event', type: 'customer.subscription.updated', created: Math.floor(Date.now() / 1000),
        data: { object: { id: 'sub_forged', object: 'subscription', status: 'active', metadata: { userId: world.actors.freeUser.userId } } },
      }),
    }),
  },

  getOrganization: {
    expect: orgAdminOnly(200),
    request: ({ caller, world }) => ({ token: caller?.accessToken, params: { orgId: world.orgA } }),
  },
  getOrganizationMembers: {
    expect: orgAdminOnly(200),
    request: ({ caller, world }) => ({ token: caller?.accessToken, params: { orgId: world.orgA } }),
  },
  sendEnterpriseMembersInvitations: {
    expect: orgAdminOnly(200),
    request: ({ caller, world }) => ({
      token: caller?.accessToken, params: { orgId: world.orgA }, body: { invites: [{ email: uniqueEmail('invitee') }] },
    }),
  },
  // Every cell gets its own pending invitation and member of org A, so no cell depends on another.
  revokeEnterpriseMemberInvite: {
    expect: { ...orgAdminOnly(200), adminOfAnotherOrg: 404 },
    why: "org A's pending invitation; org B's admin names it under org B, where it does not exist",
    request: async ({ role, caller, world }) => ({
      token: caller?.accessToken, params: { orgId: orgOfMemberCell(role, world), userId: (await invitation(world.orgA, uniqueEmail('revoked'))).sub },
    }),
  },
  updateEnterpriseMemberStatus: {
    expect: { ...orgAdminOnly(200), adminOfAnotherOrg: 404 }, why: "org A's member; as revoke",
    request: async ({ role, caller, world }) => ({
      token: caller?.accessToken, params: { orgId: orgOfMemberCell(role, world), userId: await memberRow(world.orgA) }, body: { status: 'deactivated' },
    }),
  },

  getInviteDetails: {
    expect: inviteLinkHolder(200),
    why: "the token proves the invited e-mail (a JWT plays no part): the free user's link works signed in or out; a token issued for another e-mail does not open the free user's invitation (404)",
    request: (c) => inviteCell(c, false),
  },
  acceptInvite: {
    expect: inviteLinkHolder(200), why: 'as getInviteDetails',
    request: (c) => inviteCell(c, true),
  },
  declineInvite: {
    expect: inviteLinkHolder(200), why: 'as getInviteDetails',
    request: (c) => inviteCell(c, true),
  },

  adminSearchUsers: {
    expect: staffOnly(200),
    request: ({ caller, world }) => ({ token: caller?.accessToken, query: { q: world.actors.freeUser.email } }),
  },
  adminVerifyUser: {
    expect: staffOnly(200),
    request: async ({ caller }) => ({ token: caller?.accessToken, body: { cognitoSub: await unconfirmedUser() } }),
  },
  // A victim per cell: a refusal that did not refuse must not delete anyone another cell needs.
  adminDeleteUser: {
    expect: staffOnly(200),
    request: async ({ caller }) => ({
      token: caller?.accessToken, body: { cognitoSub: await signUpConfirmed(pool(), uniqueEmail('doomed')) },
    }),
  },
  adminListUserShares: {
    expect: staffOnly(200),
    request: ({ caller, world }) => ({ token: caller?.accessToken, query: { cognitoSub: world.actors.freeUser.userId } }),
  },
  // An allowed cell revokes a link of its own; a refused one aims at the world's link, which must survive.
  adminRevokeUserShare: {
    expect: staffOnly(200),
    request: async ({ caller, world, allowed }) => {
      const free = world.actors.freeUser;
      const shareId = allowed ? (await shareLink(free, world.readyImageId)).id : world.share.id;
      return { token: caller?.accessToken, body: { cognitoSub: free.userId, shareId } };
    },
  },
  adminListAudit: {
    expect: staffOnly(200),
    request: self,
  },

  listImages: {
    expect: signedIn(200), why: "own images only (the free user's never appear in another list)",
    request: ({ caller, role, world }) => ({
      token: caller?.accessToken, ...(role === 'freeUser' ? { mustContain: [world.readyImageId] } : { mustNotContain: [world.readyImageId] }),
    }),
  },
  createImage: {
    expect: signedIn(201),
    request: ({ caller }) => ({ token: caller?.accessToken, body: { title: 'Authz page', notes: '' } }),
  },
  getStorageUsage: {
    expect: signedIn(200), why: "own usage only: the free user's finalised image counts for them, and for no one else",
    request: ({ caller, role }) => ({
      token: caller?.accessToken,
      // Other cells add images of the free user's while the matrix runs, so its figure is not fixed; everyone else has none.
      ...(role === 'freeUser' ? { mustNotContain: ['"usedBytes":0,'] } : caller ? { mustContain: ['"usedBytes":0,'] } : {}),
    }),
  },
  finalizeImage: {
    expect: ownerOnly(200), why: "another user's image id is answered like one that never existed (docs/images.md)",
    request: async ({ caller, world, allowed }) => {
      const id = allowed ? await uploadedImage(world.actors.freeUser) : world.pendingImageId;
      return { token: caller?.accessToken, params: { id }, body: {} };
    },
  },
  updateImage: {
    expect: ownerOnly(200), why: 'as finalizeImage',
    request: ({ caller, world }) => ({
      token: caller?.accessToken, params: { id: world.readyImageId }, body: { id: world.readyImageId, title: 'Private page', notes: 'Only mine' },
    }),
  },
  deleteImage: {
    expect: ownerOnly(200), why: 'as finalizeImage',
    request: async ({ caller, world, allowed }) => {
      const id = allowed ? await uploadedImage(world.actors.freeUser) : world.readyImageId;
      return { token: caller?.accessToken, params: { id }, body: { id } };
    },
  },

  createShareLink: {
    expect: ownerOnly(201), why: "another user's image id is answered like one that never existed (docs/images.md)",
    request: ({ caller, world }) => ({ token: caller?.accessToken, params: { id: world.readyImageId }, body: { expiry: '1d' } }),
  },
  listShareLinks: {
    expect: ownerOnly(200), why: 'as createShareLink',
    request: ({ caller, world, role }) => ({
      token: caller?.accessToken, params: { id: world.readyImageId },
      ...(role === 'freeUser' ? { mustContain: [world.share.id] } : { mustNotContain: [world.share.id] }),
    }),
  },
  revokeShareLink: {
    expect: ownerOnly(200), why: 'as createShareLink; a refused cell aims at the link every later cell opens',
    request: async ({ caller, world, allowed }) => {
      const shareId = allowed ? (await shareLink(world.actors.freeUser, world.readyImageId)).id : world.share.id;
      return { token: caller?.accessToken, params: { id: world.readyImageId, shareId } };
    },
  },
  openSharePage: {
    expect: anyone(200), why: 'the token in the link is the only credential; a sign-in changes nothing',
    request: ({ caller, world }) => ({ token: caller?.accessToken, params: { token: world.share.token } }),
  },
  openSharedImage: {
    expect: anyone(200), why: 'as openSharePage (a redirect to the presigned file, followed)',
    request: ({ caller, world }) => ({ token: caller?.accessToken, params: { token: world.share.token } }),
  },
  createUploadGrant: {
    expect: signedIn(201), why: 'a grant for the caller only (docs/security.md)',
    request: self,
  },
  revokeUploadGrants: {
    expect: signedIn(200), why: "the caller's own grants; an allowed cell revokes a fresh account's, so other cells keep theirs",
    request: async ({ role, caller, world, allowed }) => {
      const who = allowed ? await freshActor(role, world) : caller;
      return { token: who?.accessToken, body: {} };
    },
  },
  // Grant routes: each caller presents an upload grant of its own (anonymous has none); the
  // Cognito token is sent too, and must not count (no authorizer on these routes).
  grantCreateImage: {
    expect: signedIn(201), why: "creates in the grant's own library only",
    request: async ({ caller }) => ({ token: caller?.accessToken, headers: await grantHeaders(caller), body: { title: 'Authz capture', notes: '' } }),
  },
  grantFinalizeImage: {
    expect: ownerOnly(200), why: 'as finalizeImage: a grant reaches only its own user\'s images',
    request: async ({ caller, world, allowed }) => {
      const id = allowed ? await uploadedImage(world.actors.freeUser) : world.pendingImageId;
      return { headers: await grantHeaders(caller), params: { id }, body: {} };
    },
  },

  submitContactSales: {
    expect: anyone(201), why: 'public form',
    request: ({ caller }) => ({
      token: caller?.accessToken,
      body: { name: 'Ada Lovelace', email: uniqueEmail('lead'), company: 'Analytical LLP', seats: 10, message: 'Pricing for 10 seats?' },
    }),
  },
};
