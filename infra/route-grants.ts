import type { RouteId } from '#shared/api/routes';
import type { AccessMode, CognitoAdminAction, TableAccess } from './constructs/api-function';
import type { RecordKind, TableKey } from '#shared/deploy/tables';

/**
 * What each endpoint's function may touch in AWS. This is the infra side of the route table:
 * shared/api/routes.ts says what a route is, this map says which AWS permissions its handler
 * gets. Typed as `Record<RouteId, Grants>`, so adding a route without deciding its grants does
 * not compile. Everything not listed is denied.
 *
 * Each entry is exactly what the handler's bundle calls: test/infra/grants-from-bundles.test.ts
 * reads the calls from the bundles and fails on a grant unused or a call ungranted. Routes that
 * write as a signed-in account read the caller's user row first (lambdas/lib/account-guard.ts),
 * hence `users: ro` on every such route.
 */
export interface Grants {
  /** DynamoDB tables (by key of shared/deploy/tables.ts) and the access mode; injects each table's env var. */
  tables?: Partial<Record<TableKey, TableAccess>>;
  /** The images bucket (presigned URLs are signed with the function's role); injects IMAGES_BUCKET. */
  bucket?: AccessMode;
  /** Cognito admin API actions on the user pool. */
  cognito?: readonly CognitoAdminAction[];
  /** 'api': the Stripe secret key parameter; 'webhook': also the webhook signing secret. */
  stripe?: 'api' | 'webhook';
  /** ses:SendEmail from EMAIL_FROM. */
  email?: boolean;
  /**
   * Native packages (e.g. `sharp`) left out of the bundle and installed for linux-arm64 into it
   * at bundling (infra/native-modules.ts). Memory and timeout live in infra/route-sizes.ts.
   */
  nativeModules?: readonly string[];
}

const ro = 'RO' as const;
const rw = 'RW' as const;
/**
 * The records table is an append-only trail: PutItem only, and only on these partitions (record
 * kinds), so no function can rewrite or delete a record, and the public contact form cannot
 * write into the admin audit trail.
 */
const appendTo = (...kinds: RecordKind[]): TableAccess => ({ append: kinds });

export const routeGrants: Record<RouteId, Grants> = {
  // ── account ── reads the user row (assigns the A/B group on first look), org link, payments from Stripe.
  lookupAccount: { tables: { users: rw, orgs: ro }, stripe: 'api' },
  // Org admins cancel / toggle the organisation's subscription, so the org item is written too.
  cancelAccountSubscription: { tables: { users: rw, orgs: rw }, stripe: 'api' },
  updateAccountCancelAtPeriodEnd: { tables: { users: rw, orgs: rw }, stripe: 'api' },
  // Step one: the send limits (counters with a TTL in the idempotency table), is the address free
  // (user row, ListUsers), then UpdateUserAttributes with the caller's own access token (no IAM
  // action): Cognito sends the code and keeps the old address meanwhile. A taken address gets no
  // code: its holder is told by e-mail, and the caller the same answer.
  changeEmail: { tables: { users: ro, idempotency: rw }, cognito: ['ListUsers'], email: true },
  // Step two: VerifyUserAttribute and GetUser with the caller's token; the user row and the Stripe
  // customer follow. AdminUpdateUserAttributes only puts the old address back if the row write fails.
  verifyAccountEmail: { tables: { users: rw }, stripe: 'api', cognito: ['AdminUpdateUserAttributes'] },
  // The name: UpdateUserAttributes / DeleteUserAttributes with the caller's own token (no IAM
  // action), then the user row (which organisation member lists read).
  updateAccountName: { tables: { users: rw } },

  // ── checkout and billing ──
  createCheckoutSessionUrl: { tables: { users: rw, orgs: ro }, stripe: 'api' },
  // Syncs the subscription it finds, which may be an organisation's (lambdas/billing/lib/sync-subscription.ts).
  performCheckoutSessionSuccess: { tables: { users: rw, orgs: rw }, stripe: 'api' },
  // Reads who pays (user or org); the card itself is saved by confirmUpdatePaymentSession.
  createUpdatePaymentSession: { tables: { users: ro, orgs: ro }, stripe: 'api' },
  confirmUpdatePaymentSession: { tables: { users: rw, orgs: rw }, stripe: 'api' },
  // Events converge into users/orgs; Powertools idempotency keyed on the event id; receipts and notices by e-mail.
  stripeWebhook: { tables: { users: rw, orgs: rw, idempotency: rw }, stripe: 'webhook', email: true },

  // ── organisations ──
  getOrganization: { tables: { orgs: ro } },
  // The members' names come from their user rows.
  getOrganizationMembers: { tables: { orgs: ro, users: ro } },
  // Seat reservation on the org item, member items (invitees looked up by e-mail), invitation e-mails.
  sendEnterpriseMembersInvitations: { tables: { users: ro, orgs: rw }, email: true },
  revokeEnterpriseMemberInvite: { tables: { users: ro, orgs: rw } },
  updateEnterpriseMemberStatus: { tables: { users: ro, orgs: rw } },

  // ── invitations ── accepting may create the Cognito account with the chosen password.
  getInviteDetails: { tables: { users: ro, orgs: ro } },
  acceptInvite: { tables: { users: rw, orgs: rw }, cognito: ['ListUsers', 'AdminCreateUser', 'AdminSetUserPassword'] },
  // Public (the invite token is the credential): the member item goes, the org admin is told.
  declineInvite: { tables: { orgs: rw }, email: true },

  // ── staff admin tool ── verify and delete write the audit trail (records table); staff read it.
  // Every staff request first reads the caller's user row (account-guard.ts) and asks Cognito for
  // their current groups and MFA settings (staff-guard.ts): users RO, AdminGetUser, AdminListGroupsForUser.
  adminSearchUsers: {
    tables: { users: ro, orgs: ro }, stripe: 'api',
    cognito: ['ListUsers', 'AdminGetUser', 'AdminListGroupsForUser'],
  },
  adminVerifyUser: {
    tables: { users: ro, records: appendTo('admin-audit') },
    cognito: ['ListUsers', 'AdminConfirmSignUp', 'AdminUpdateUserAttributes', 'AdminGetUser', 'AdminListGroupsForUser'],
  },
  adminDeleteUser: {
    tables: { users: rw, orgs: rw, images: rw, records: appendTo('admin-audit') }, bucket: rw, stripe: 'api',
    cognito: ['ListUsers', 'AdminUserGlobalSignOut', 'AdminDeleteUser', 'AdminGetUser', 'AdminListGroupsForUser'],
  },
  adminListAudit: { tables: { records: ro, users: ro }, cognito: ['AdminGetUser', 'AdminListGroupsForUser'] },

  // ── image library ── presigned GET for listing, presigned POST (size and type in its policy) for
  // upload. Writes read the caller's user row first (lambdas/lib/account-guard.ts: a deleted user's
  // token writes nothing).
  listImages: { tables: { images: ro }, bucket: ro },
  createImage: { tables: { users: ro, images: rw }, bucket: rw },
  // Thumbnails with sharp (a native module: linux-arm64 layer, see infra/README.md).
  finalizeImage: { tables: { users: ro, images: rw }, bucket: rw, nativeModules: ['sharp'] },
  updateImage: { tables: { users: ro, images: rw }, bucket: ro },
  deleteImage: { tables: { users: ro, images: rw }, bucket: rw },

  // ── contact ── stored for staff (who read it in the records table); public, so never the audit partition.
  submitContactSales: { tables: { records: appendTo('contact-sales') } },
};
