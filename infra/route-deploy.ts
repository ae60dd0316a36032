import type { RouteId } from '#shared/api/routes';
import type { AccessMode, CognitoAdminAction, TableAccess } from './constructs/api-function';
import type { RecordKind, TableKey } from '#shared/deploy/tables';

/**
 * The infra side of the route table: how each endpoint of shared/api/routes.ts is deployed. One
 * entry per route holds all of it: its AWS grants, its memory and timeout, and the usage figures
 * the cost model prices it with. Typed as `Record<RouteId, RouteDeploy>`, so a route without an
 * entry does not compile. (The product-facing contract stays in shared/api/routes.ts, which the
 * web and the extension import, so no AWS vocabulary there.)
 */
export interface RouteDeploy {
  /** What the function may touch in AWS; everything else is denied. */
  grants: Grants;
  /** Memory and timeout ("Sizing" in infra/README.md). */
  size: RouteSize;
  /** Usage assumptions of the cost model (scripts/ops/cost-assumptions.ts, `npm run cost`). */
  cost: RouteUsage;
}

/**
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
   * at bundling (infra/native-modules.ts).
   */
  nativeModules?: readonly string[];
}

/** Memory and timeout of one function. */
export interface RouteSize {
  memoryMb: number;
  /** Below API Gateway's 30 s integration timeout, so a slow call ends as the handler's own error. */
  timeoutSeconds: number;
}

/**
 * Usage assumptions of the cost model. Every figure is a guess to be replaced by measurements
 * (CloudWatch metrics per route) once real traffic exists. "Active" = signed in that month.
 */
export interface RouteUsage {
  /** Calls per active free user per month. */
  free: number;
  /** Calls per paying user (Premium or Enterprise seat) per month. */
  paying: number;
  /** Average billed duration, ms (warm; cold starts are a few % of calls). */
  ms: number;
  /** DynamoDB read and write units per call (GSI updates counted in writes). */
  reads: number;
  writes: number;
}

/**
 * The sizing rule (infra/README.md "Sizing"): twice the measured peak RSS, rounded up to 64 MB,
 * and never under 256 MB, because Lambda gives CPU in proportion to memory and the cold start
 * (module import) is CPU-bound. Sizes measured with `npx tsx scripts/measure-lambda-memory.ts`.
 */
export const memoryFromPeak = (peakMb: number) => Math.max(256, Math.ceil((2 * peakMb) / 64) * 64);

const standard: RouteSize = { memoryMb: 256, timeoutSeconds: 10 };
/** Calls to Stripe (a network round trip or two, plus the Parameters extension on a cold start). */
const stripe: RouteSize = { memoryMb: 256, timeoutSeconds: 15 };
/** Several writes and e-mails or Stripe calls in one request. */
const long: RouteSize = { memoryMb: 256, timeoutSeconds: 25 };

/** The Cognito PostConfirmation trigger (one DynamoDB write; Cognito waits at most 5 s). Not a route. */
export const postConfirmationSize: RouteSize = { memoryMb: 256, timeoutSeconds: 5 };

const ro = 'RO' as const;
const rw = 'RW' as const;
/**
 * The records table is an append-only trail: PutItem only, and only on these partitions (record
 * kinds), so no function can rewrite or delete a record, and the public contact form cannot
 * write into the admin audit trail.
 */
const appendTo = (...kinds: RecordKind[]): TableAccess => ({ append: kinds });

export const routeDeploy: Record<RouteId, RouteDeploy> = {
  // ── account ── reads the user row (assigns the A/B group on first look), org link, payments from Stripe.
  lookupAccount: {
    grants: { tables: { users: rw, orgs: ro }, stripe: 'api' }, size: stripe,
    cost: { free: 12, paying: 25, ms: 60, reads: 1, writes: 0 },
  },
  // Org admins cancel / toggle the organisation's subscription, so the org item is written too.
  cancelAccountSubscription: {
    grants: { tables: { users: rw, orgs: rw }, stripe: 'api' }, size: stripe,
    cost: { free: 0, paying: 0.02, ms: 400, reads: 1, writes: 2 },
  },
  updateAccountCancelAtPeriodEnd: {
    grants: { tables: { users: rw, orgs: rw }, stripe: 'api' }, size: stripe,
    cost: { free: 0, paying: 0.05, ms: 400, reads: 1, writes: 2 },
  },
  // Step one: the send limits (counters with a TTL in the idempotency table), is the address free
  // (user row, ListUsers), then UpdateUserAttributes with the caller's own access token (no IAM
  // action): Cognito sends the code and keeps the old address meanwhile. A taken address gets no
  // code: its holder is told by e-mail, and the caller the same answer.
  changeEmail: {
    grants: { tables: { users: ro, idempotency: rw }, cognito: ['ListUsers'], email: true }, size: stripe,
    cost: { free: 0.01, paying: 0.01, ms: 200, reads: 1, writes: 0 },
  },
  // Step two: VerifyUserAttribute and GetUser with the caller's token; the user row and the Stripe
  // customer follow. AdminUpdateUserAttributes only puts the old address back if the row write fails.
  verifyAccountEmail: {
    grants: { tables: { users: rw }, stripe: 'api', cognito: ['AdminUpdateUserAttributes'] }, size: stripe,
    cost: { free: 0.01, paying: 0.01, ms: 200, reads: 1, writes: 3 },
  },
  // The name: UpdateUserAttributes / DeleteUserAttributes with the caller's own token (no IAM
  // action), then the user row (which organisation member lists read).
  // The name goes to Cognito with IAM: the app client may not write `name` (issue #31).
  updateAccountName: {
    grants: { tables: { users: rw }, cognito: ['AdminUpdateUserAttributes', 'AdminDeleteUserAttributes'] }, size: standard,
    cost: { free: 0.01, paying: 0.01, ms: 150, reads: 1, writes: 1 },
  },

  // ── checkout and billing ──
  createCheckoutSessionUrl: {
    grants: { tables: { users: rw, orgs: ro }, stripe: 'api' }, size: stripe,
    cost: { free: 0.05, paying: 0.1, ms: 500, reads: 2, writes: 1 },
  },
  // Syncs the subscription it finds, which may be an organisation's (lambdas/billing/lib/sync-subscription.ts).
  performCheckoutSessionSuccess: {
    grants: { tables: { users: rw, orgs: rw }, stripe: 'api' }, size: stripe,
    cost: { free: 0.02, paying: 0.09, ms: 500, reads: 2, writes: 3 },
  },
  // Reads who pays (user or org); the card itself is saved by confirmUpdatePaymentSession.
  createUpdatePaymentSession: {
    grants: { tables: { users: ro, orgs: ro }, stripe: 'api' }, size: stripe,
    cost: { free: 0, paying: 0.03, ms: 400, reads: 1, writes: 0 },
  },
  confirmUpdatePaymentSession: {
    grants: { tables: { users: rw, orgs: rw }, stripe: 'api' }, size: stripe,
    cost: { free: 0, paying: 0.03, ms: 500, reads: 1, writes: 3 },
  },
  // Events converge into users/orgs; Powertools idempotency keyed on the event id; receipts and
  // notices by e-mail. Re-fetches the subscription; Stripe retries on a timeout, so it gets room.
  // Per paying user: yearly renewal, trial end, card updates, upcoming-invoice notices ≈ 6 events a year.
  stripeWebhook: {
    grants: { tables: { users: rw, orgs: rw, idempotency: rw }, stripe: 'webhook', email: true }, size: long,
    cost: { free: 0, paying: 0.5, ms: 350, reads: 3, writes: 5 },
  },

  // ── organisations ──
  getOrganization: {
    grants: { tables: { orgs: ro } }, size: standard,
    cost: { free: 0, paying: 0.3, ms: 80, reads: 2, writes: 0 },
  },
  // The members' names come from their user rows.
  getOrganizationMembers: {
    grants: { tables: { orgs: ro, users: ro } }, size: standard,
    cost: { free: 0, paying: 0.3, ms: 100, reads: 5, writes: 0 },
  },
  // Seat reservation on the org item, member items (invitees looked up by e-mail), invitation e-mails.
  sendEnterpriseMembersInvitations: {
    grants: { tables: { users: ro, orgs: rw }, email: true }, size: long,
    cost: { free: 0, paying: 0.02, ms: 600, reads: 3, writes: 6 },
  },
  revokeEnterpriseMemberInvite: {
    grants: { tables: { users: ro, orgs: rw } }, size: standard,
    cost: { free: 0, paying: 0.005, ms: 150, reads: 2, writes: 3 },
  },
  updateEnterpriseMemberStatus: {
    grants: { tables: { users: ro, orgs: rw } }, size: standard,
    cost: { free: 0, paying: 0.005, ms: 150, reads: 2, writes: 3 },
  },

  // ── invitations ── accepting may create the Cognito account with the chosen password.
  getInviteDetails: {
    grants: { tables: { users: ro, orgs: ro } }, size: standard,
    cost: { free: 0.01, paying: 0.02, ms: 80, reads: 2, writes: 0 },
  },
  acceptInvite: {
    grants: { tables: { users: rw, orgs: rw }, cognito: ['ListUsers', 'AdminCreateUser', 'AdminSetUserPassword'] }, size: stripe,
    cost: { free: 0.005, paying: 0.01, ms: 250, reads: 3, writes: 4 },
  },
  // Public (the invite token is the credential): the member item goes, the org admin is told.
  declineInvite: {
    grants: { tables: { orgs: rw }, email: true }, size: standard,
    cost: { free: 0.001, paying: 0.001, ms: 150, reads: 2, writes: 2 },
  },

  // ── staff admin tool ── verify and delete write the audit trail (records table); staff read it.
  // Every staff request first reads the caller's user row (account-guard.ts) and asks Cognito for
  // their current groups and MFA settings (staff-guard.ts): users RO, AdminGetUser, AdminListGroupsForUser.
  adminSearchUsers: {
    grants: {
      tables: { users: ro, orgs: ro }, stripe: 'api',
      cognito: ['ListUsers', 'AdminGetUser', 'AdminListGroupsForUser'],
    },
    size: stripe,
    cost: { free: 0, paying: 0.001, ms: 150, reads: 5, writes: 1 },
  },
  adminVerifyUser: {
    grants: {
      tables: { users: ro, records: appendTo('admin-audit') },
      cognito: ['ListUsers', 'AdminConfirmSignUp', 'AdminUpdateUserAttributes', 'AdminGetUser', 'AdminListGroupsForUser'],
    },
    size: standard,
    cost: { free: 0, paying: 0.0002, ms: 150, reads: 1, writes: 2 },
  },
  adminDeleteUser: {
    grants: {
      tables: { users: rw, orgs: rw, images: rw, shares: rw, grants: rw, records: appendTo('admin-audit') }, bucket: rw, stripe: 'api',
      cognito: ['ListUsers', 'AdminUserGlobalSignOut', 'AdminDeleteUser', 'AdminGetUser', 'AdminListGroupsForUser'],
    },
    size: long,
    cost: { free: 0, paying: 0.0002, ms: 800, reads: 10, writes: 10 },
  },
  // A user's share links (byOwner index) with their images' titles; revoking one deletes its row, its
  // file copy (bucket) and its slot on the image, and is audited.
  adminListUserShares: {
    grants: { tables: { users: ro, shares: ro, images: ro }, cognito: ['AdminGetUser', 'AdminListGroupsForUser'] }, size: standard,
    cost: { free: 0, paying: 0.0005, ms: 120, reads: 5, writes: 0 },
  },
  adminRevokeUserShare: {
    grants: { tables: { users: ro, shares: rw, images: rw, records: appendTo('admin-audit') }, bucket: rw, cognito: ['AdminGetUser', 'AdminListGroupsForUser'] },
    size: standard,
    cost: { free: 0, paying: 0.0001, ms: 120, reads: 3, writes: 2 },
  },
  adminListAudit: {
    grants: { tables: { records: ro, users: ro }, cognito: ['AdminGetUser', 'AdminListGroupsForUser'] }, size: standard,
    cost: { free: 0, paying: 0.0005, ms: 100, reads: 5, writes: 0 },
  },

  // ── image library ── presigned GET for listing, presigned POST (size and type in its policy) for
  // upload. Writes read the caller's user row first (lambdas/lib/account-guard.ts: a deleted user's
  // token writes nothing). A Premium feature: free users only see the upgrade prompt (cost: free 0).
  listImages: {
    grants: { tables: { images: ro }, bucket: ro }, size: standard,
    cost: { free: 0, paying: 15, ms: 120, reads: 4, writes: 0 },
  },
  // The storage quota reads the user's plan (users, orgs) and reserves room on the counter on their
  // user row (users RW: one conditional UpdateItem); removing an image gives its room back.
  createImage: {
    grants: { tables: { users: rw, orgs: ro, images: rw }, bucket: rw }, size: standard,
    // Reads: the account guard and the plan (2), and the usage query, strongly consistent over
    // ~150 image rows of ~600 B (about 23 read units).
    cost: { free: 0, paying: 20, ms: 150, reads: 25, writes: 1 },
  },
  // Thumbnails with sharp (a native module: linux-arm64, see infra/README.md). Measured 144 MB peak
  // (rule: 320 MB), sized up for CPU: Lambda's CPU share grows with memory, and decoding a 25 MB /
  // 150 MP upload is CPU-bound; 1024 MB is well inside the 25 s timeout.
  finalizeImage: {
    grants: { tables: { users: rw, orgs: ro, images: rw }, bucket: rw, nativeModules: ['sharp'] },
    size: { memoryMb: 1024, timeoutSeconds: 25 },
    cost: { free: 0, paying: 20, ms: 900, reads: 25, writes: 1 },
  },
  updateImage: {
    grants: { tables: { users: ro, images: rw }, bucket: ro }, size: standard,
    cost: { free: 0, paying: 2, ms: 100, reads: 1, writes: 1 },
  },
  deleteImage: {
    grants: { tables: { users: rw, images: rw, shares: rw }, bucket: rw }, size: standard,
    cost: { free: 0, paying: 1, ms: 150, reads: 2, writes: 1 },
  },

  // ── share links ── owner routes check the image row (requireOwnImage, which sweeps an abandoned
  // upload: images and bucket RW), take or give back the link's slot on it, copy or delete the link's
  // own file (shares/<shareId>) and write the shares table; the public pages read both, count a
  // view (one ADD) and presign a GET of the link's copy, making it first for a link from before
  // copies (bucket RW, shares RW).
  createShareLink: {
    grants: { tables: { users: rw, images: rw, shares: rw }, bucket: rw }, size: standard,
    cost: { free: 0, paying: 2, ms: 100, reads: 3, writes: 1 },
  },
  listShareLinks: {
    grants: { tables: { users: rw, images: rw, shares: ro }, bucket: rw }, size: standard,
    cost: { free: 0, paying: 4, ms: 80, reads: 2, writes: 0 },
  },
  revokeShareLink: {
    grants: { tables: { users: rw, images: rw, shares: rw }, bucket: rw }, size: standard,
    cost: { free: 0, paying: 1, ms: 100, reads: 2, writes: 1 },
  },
  openSharePage: {
    grants: { tables: { images: ro, shares: rw }, bucket: rw }, size: standard,
    cost: { free: 0, paying: 20, ms: 60, reads: 2, writes: 1 },
  },
  openSharedImage: {
    grants: { tables: { images: ro, shares: rw }, bucket: rw }, size: standard,
    cost: { free: 0, paying: 25, ms: 50, reads: 2, writes: 0 },
  },
  // The library asks when it opens and after each upload or delete; the same reads as the create check.
  getStorageUsage: {
    grants: { tables: { users: rw, orgs: ro, images: ro } }, size: standard,
    cost: { free: 0, paying: 36, ms: 80, reads: 24, writes: 0 },
  },

  // ── the extension's upload grants (docs/security.md) ── the site mints one each time it tells the
  // extension who is signed in (about a page load in ten, as it reuses a fresh one), and revokes
  // them on sign-out, marking the signing-out session so it mints none again. Grant routes read the
  // grant (hash lookup), its session's sign-out mark and the user row, then do what
  // createImage / finalizeImage do: a share of those calls moves here from the site.
  createUploadGrant: {
    grants: { tables: { users: ro, grants: rw } }, size: standard,
    cost: { free: 0, paying: 20, ms: 60, reads: 2, writes: 1 },
  },
  revokeUploadGrants: {
    grants: { tables: { users: ro, grants: rw } }, size: standard,
    cost: { free: 0.5, paying: 1, ms: 80, reads: 2, writes: 3 },
  },
  // As createImage and finalizeImage (the storage quota reads the plan and the usage), plus the grant.
  grantCreateImage: {
    grants: { tables: { users: rw, orgs: ro, grants: ro, images: rw }, bucket: rw }, size: standard,
    cost: { free: 0, paying: 20, ms: 150, reads: 26, writes: 1 },
  },
  grantFinalizeImage: {
    grants: { tables: { users: rw, orgs: ro, grants: ro, images: rw }, bucket: rw, nativeModules: ['sharp'] },
    size: { memoryMb: 1024, timeoutSeconds: 25 },
    cost: { free: 0, paying: 20, ms: 900, reads: 26, writes: 1 },
  },

  // ── contact ── stored for staff (who read it in the records table); public, so never the audit partition.
  submitContactSales: {
    grants: { tables: { records: appendTo('contact-sales') } }, size: standard,
    cost: { free: 0.002, paying: 0.001, ms: 300, reads: 0, writes: 1 },
  },
};
