import type { RouteId } from '#shared/api/routes';
import type { AccessMode, CognitoAdminAction } from './constructs/api-function';
import type { TableKey } from './tables';

/**
 * What each endpoint's function may touch in AWS. This is the infra side of the route table:
 * shared/api/routes.ts says what a route is, this map says which AWS permissions its handler
 * gets. Typed as `Record<RouteId, Grants>`, so adding a route without deciding its grants does
 * not compile. Everything not listed is denied.
 */
export interface Grants {
  /** DynamoDB tables (by key of infra/tables.ts) and the access mode; injects each table's env var. */
  tables?: Partial<Record<TableKey, AccessMode>>;
  /** The images bucket (presigned URLs are signed with the function's role); injects IMAGES_BUCKET. */
  bucket?: AccessMode;
  /** Cognito admin API actions on the user pool. */
  cognito?: readonly CognitoAdminAction[];
  /** 'api': the Stripe secret key parameter; 'webhook': also the webhook signing secret. */
  stripe?: 'api' | 'webhook';
  /** ses:SendEmail from EMAIL_FROM. */
  email?: boolean;
  /**
   * Native packages (e.g. `sharp`) left out of the bundle and loaded from a linux-arm64 Lambda
   * layer given as context `<name>LayerArn` (e.g. `-c sharpLayerArn=arn:aws:lambda:...`).
   */
  nativeModules?: readonly string[];
  /** Overrides for heavier handlers. */
  memorySize?: number;
  timeoutSeconds?: number;
}

const ro = 'RO' as const;
const rw = 'RW' as const;

export const routeGrants: Record<RouteId, Grants> = {
  // ── account ── reads the user row (assigns the A/B group on first look), org link, payments from Stripe.
  lookupAccount: { tables: { users: rw, orgs: ro }, stripe: 'api' },
  // Org admins cancel / toggle the organisation's subscription, so the org item is written too.
  cancelAccountSubscription: { tables: { users: rw, orgs: rw }, stripe: 'api' },
  updateAccountCancelAtPeriodEnd: { tables: { users: rw, orgs: rw }, stripe: 'api' },
  // Cognito attribute (verification code goes to the new address), user row, member items, Stripe customer.
  changeEmail: {
    tables: { users: rw, orgs: rw }, stripe: 'api',
    cognito: ['AdminGetUser', 'ListUsers', 'AdminUpdateUserAttributes'],
  },

  // ── checkout and billing ──
  createCheckoutSessionUrl: { tables: { users: rw, orgs: ro }, stripe: 'api' },
  performCheckoutSessionSuccess: { tables: { users: rw, orgs: ro }, stripe: 'api' },
  createUpdatePaymentSession: { tables: { users: rw, orgs: ro }, stripe: 'api' },
  confirmUpdatePaymentSession: { tables: { users: rw, orgs: rw }, stripe: 'api' },
  // Events converge into users/orgs; Powertools idempotency keyed on the event id.
  stripeWebhook: { tables: { users: rw, orgs: rw, idempotency: rw }, stripe: 'webhook', timeoutSeconds: 25 },

  // ── organisations ──
  getOrganization: { tables: { users: ro, orgs: ro } },
  getOrganizationMembers: { tables: { users: ro, orgs: ro } },
  // Seat reservation on the org item, member items, invitation e-mails, idempotent per request.
  sendEnterpriseMembersInvitations: {
    tables: { users: ro, orgs: rw, idempotency: rw }, email: true, timeoutSeconds: 25,
  },
  revokeEnterpriseMemberInvite: { tables: { users: ro, orgs: rw } },
  updateEnterpriseMemberStatus: { tables: { users: rw, orgs: rw } },

  // ── invitations ── accepting may create the Cognito account with the chosen password.
  getInviteDetails: { tables: { users: ro, orgs: ro } },
  acceptInvite: {
    tables: { users: rw, orgs: rw },
    cognito: ['AdminGetUser', 'ListUsers', 'AdminCreateUser', 'AdminSetUserPassword', 'AdminUpdateUserAttributes'],
  },
  declineInvite: { tables: { users: ro, orgs: rw }, email: true },

  // ── staff admin tool ── verify and delete write the audit trail (records table); staff read it.
  adminSearchUsers: {
    tables: { users: ro, orgs: ro }, stripe: 'api',
    cognito: ['ListUsers', 'AdminGetUser', 'AdminListGroupsForUser'],
  },
  adminVerifyUser: {
    tables: { users: ro, records: rw },
    cognito: ['ListUsers', 'AdminGetUser', 'AdminConfirmSignUp', 'AdminUpdateUserAttributes'],
  },
  adminDeleteUser: {
    tables: { users: rw, orgs: rw, images: rw, records: rw }, bucket: rw, stripe: 'api',
    cognito: ['ListUsers', 'AdminGetUser', 'AdminUserGlobalSignOut', 'AdminDeleteUser'], timeoutSeconds: 25,
  },
  adminListAudit: { tables: { records: ro } },

  // ── image library ── presigned GET for listing, presigned PUT for upload.
  listImages: { tables: { images: ro }, bucket: ro },
  createImage: { tables: { images: rw }, bucket: rw },
  // Thumbnails with sharp (a native module: linux-arm64 layer, see infra/README.md).
  finalizeImage: { tables: { images: rw }, bucket: rw, nativeModules: ['sharp'], memorySize: 1024, timeoutSeconds: 25 },
  updateImage: { tables: { images: rw }, bucket: ro },
  deleteImage: { tables: { images: rw }, bucket: rw },

  // ── contact ── stored for staff, with a notification e-mail.
  submitContactSales: { tables: { records: rw }, email: true },
};
