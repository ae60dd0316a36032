import * as z from 'zod';
import { Account, AbTestGroup, OrgStatus } from '../domain/account';
import { ADMIN_AUDIT_PAGE_MAX, AdminActionResult, AdminAuditList } from '../domain/admin';
import { Image, ImageNotes, ImagePart, ImageSourceUrl, ImageTitle, MAX_IMAGES_PAGE, UploadContentType } from '../domain/image';
import { UploadGrant } from '../domain/upload-grant';
import { InviteDetails } from '../domain/invite';
import { StorageUsage } from '../domain/storage-usage';
import { AdminShareLink, CreatedShareLink, ShareExpiry, ShareLink, ShareToken } from '../domain/share-link';
import { Member, Organization } from '../domain/organization';
import {
  ADMIN_SEARCH_MAX_LENGTH, ADMIN_SEARCH_MIN_LENGTH, SEARCH_TOO_LONG, SEARCH_TOO_SHORT,
} from '../rules/admin-search';
import { AdminSearchResult } from '../rules/admin-search-matches';
import { DISPLAY_NAME_INPUT_MAX, normalizeDisplayName } from '../rules/display-name';
import { defineRoutes } from './route';
import { WebPage } from './web-page';

/**
 * The one route table: the product-facing contract of each endpoint (the key is its id; method,
 * path, caller, handler module, schemas). The CDK api stack, the local API server and the web
 * client read it. Deployment facts (grants, size, cost figures) are its infra-side twin,
 * infra/route-deploy.ts; the expected access and a sample request, its test-side twin,
 * test/security/authz/route-cases.ts. README.md "Adding an endpoint" has the list.
 */

const Email = z.string().trim().toLowerCase().email().max(254);
const Url = z.string().url().max(2048);
const Id = z.string().min(1).max(128).regex(/^[A-Za-z0-9_-]+$/);
const Flag = z.stringbool().optional();
const Empty = z.object({}).strict();
const Ok = z.object({ ok: z.literal(true) });
const OrgParams = z.object({ orgId: Id }).strict();
const OrgMemberParams = z.object({ orgId: Id, userId: Id }).strict();
const ImageParams = z.object({ id: Id }).strict();
const ShareParams = z.object({ id: Id, shareId: Id }).strict();
const ShareTokenParams = z.object({ token: ShareToken }).strict();
/** Creating an image: the same body for the site (user) and the extension (upload grant). */
const CreateImageBody = z.object({
  title: ImageTitle, notes: ImageNotes, urlLink: ImageSourceUrl.nullable().optional(), contentType: UploadContentType.optional(),
  part: ImagePart.optional(),
  // The file's size in bytes, when the client knows it: a file that cannot fit is refused before anything is written.
  size: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
}).strict();
const InviteKey = { sub: Id, token: z.string().min(16).max(256).regex(/^[A-Za-z0-9_-]+$/) };
export const AccountType = z.enum(['user', 'organization']);
export const CheckoutPlan = z.enum(['premium']);

export const routes = defineRoutes({
  // ── account ───────────────────────────────────────────────────────────────
  lookupAccount: {
    method: 'GET', path: '/account', caller: 'user', handler: 'account/lookup-account',
    summary: "The signed-in user's account; retry code while the user row is not created yet.",
    query: z.object({ includePayments: Flag, includeAbTest: Flag, forceAbTestV2Group: AbTestGroup.optional() }).strict(),
    response: Account,
  },
  cancelAccountSubscription: {
    method: 'POST', path: '/account/subscription/cancel', caller: 'user',
    handler: 'account/cancel-subscription', summary: 'Cancel the subscription now.',
    body: Empty, response: Account,
  },
  updateAccountCancelAtPeriodEnd: {
    method: 'POST', path: '/account/subscription/cancel-at-period-end',
    caller: 'user', handler: 'account/update-cancel-at-period-end', summary: 'Turn auto-renew off or on.',
    body: z.object({ cancel_at_period_end: z.boolean() }).strict(), response: Account,
  },
  changeEmail: {
    method: 'POST', path: '/account/email', caller: 'user', handler: 'account/change-email',
    summary: 'Start changing the sign-in e-mail: Cognito sends a code to the new address and keeps the old one until verified.',
    body: z.object({ email: Email }).strict(),
    // `codeSentTo` is absent when nothing needs verifying (the address is already the account's).
    response: z.object({ ok: z.literal(true), codeSentTo: z.string().optional() }),
  },
  verifyAccountEmail: {
    method: 'POST', path: '/account/email/verify', caller: 'user', handler: 'account/verify-email',
    summary: 'Finish the e-mail change with the code sent to the new address; only then the account changes.',
    body: z.object({ code: z.string().trim().regex(/^[0-9]{6}$/, 'Enter the 6-digit code from the email.') }).strict(),
    response: z.object({ ok: z.literal(true), email: z.string() }),
  },

  updateAccountName: {
    method: 'POST', path: '/account/name', caller: 'user', handler: 'account/update-account-name',
    summary: 'Set (or, with an empty name, clear) the name the site greets the user by; kept on the Cognito user and the user row.',
    body: z.object({ name: z.string().max(DISPLAY_NAME_INPUT_MAX).transform(normalizeDisplayName) }).strict(),
    response: z.object({ ok: z.literal(true), name: z.string() }),
  },

  // ── checkout and billing ──────────────────────────────────────────────────
  createCheckoutSessionUrl: {
    method: 'POST', path: '/checkout/sessions', caller: 'user',
    handler: 'checkout/create-checkout-session-url', summary: 'Start a Stripe Checkout for Premium.',
    body: z.object({
      plan: CheckoutPlan, cancel_url: Url, success_url: Url,
      quick_trial: z.boolean().optional(), limit: z.boolean().optional(), no_limit: z.boolean().optional(),
      checkout_method: AbTestGroup.optional(),
    }).strict(),
    response: z.object({ url: z.string().url() }),
  },
  performCheckoutSessionSuccess: {
    method: 'POST', path: '/checkout/sessions/success', caller: 'user',
    handler: 'checkout/perform-checkout-session-success', summary: "Complete the caller's finished Checkout session.",
    body: z.object({ session_id: z.string().min(1).max(255) }).strict(), response: Account,
  },
  createUpdatePaymentSession: {
    method: 'POST', path: '/billing/payment-method-sessions', caller: 'user',
    handler: 'billing/create-update-payment-session', summary: 'Checkout in setup mode to replace the card.',
    body: z.object({ cancel_url: Url, success_url: Url, account_type: AccountType }).strict(),
    response: z.object({ url: z.string().url() }),
  },
  confirmUpdatePaymentSession: {
    method: 'POST', path: '/billing/payment-method-sessions/confirm',
    caller: 'user', handler: 'billing/confirm-update-payment-session', summary: 'Make the new card the default.',
    body: z.object({ session_id: z.string().min(1).max(255), account_type: AccountType }).strict(),
    response: z.object({ type: AccountType, data: z.union([Account, Organization]) }),
  },
  stripeWebhook: {
    method: 'POST', path: '/stripe/webhook', caller: 'stripe-signature',
    handler: 'stripe/stripe-webhook', summary: 'Stripe events into DynamoDB (signature checked on the raw body).',
    response: z.object({ received: z.literal(true) }),
  },

  // ── organisations ─────────────────────────────────────────────────────────
  getOrganization: {
    method: 'GET', path: '/orgs/{orgId}', caller: 'user', handler: 'orgs/get-organization',
    summary: 'Organisation details (org admin only).', params: OrgParams, response: Organization,
  },
  getOrganizationMembers: {
    method: 'GET', path: '/orgs/{orgId}/members', caller: 'user',
    handler: 'orgs/get-organization-members', summary: 'Members with role and status (org admin only).',
    params: OrgParams, response: z.object({ members: z.array(Member) }),
  },
  sendEnterpriseMembersInvitations: {
    method: 'POST', path: '/orgs/{orgId}/invitations', caller: 'user',
    handler: 'orgs/send-invitations', summary: 'Invite (or re-send to) members within the remaining seats.',
    params: OrgParams,
    body: z.object({ invites: z.array(z.object({ email: Email }).strict()).min(1).max(500) }).strict(),
    response: z.object({ members: z.array(Member) }),
  },
  revokeEnterpriseMemberInvite: {
    method: 'DELETE', path: '/orgs/{orgId}/invitations/{userId}', caller: 'user',
    handler: 'orgs/revoke-invite', summary: 'Delete a pending invitation.', params: OrgMemberParams, response: Ok,
  },
  updateEnterpriseMemberStatus: {
    method: 'PUT', path: '/orgs/{orgId}/members/{userId}/status', caller: 'user',
    handler: 'orgs/update-member-status', summary: 'Deactivate or reactivate a member.',
    params: OrgMemberParams, body: z.object({ status: OrgStatus }).strict(), response: Member,
  },

  // ── invitations (the token proves the invite's e-mail) ────────────────────
  getInviteDetails: {
    method: 'POST', path: '/invites/details', caller: 'public',
    handler: 'invites/get-invite-details', summary: 'Who is invited to which organisation.',
    body: z.object(InviteKey).strict(), response: InviteDetails,
  },
  acceptInvite: {
    method: 'POST', path: '/invites/accept', caller: 'public', handler: 'invites/accept-invite',
    summary: 'Join the organisation; a new account sets its password here.',
    body: z.object({ ...InviteKey, newAccountPassword: z.string().max(256).nullable().optional() }).strict(),
    response: z.object({ orgId: z.string(), email: z.string() }),
  },
  declineInvite: {
    method: 'POST', path: '/invites/decline', caller: 'public', handler: 'invites/decline-invite',
    summary: 'Decline; answers the admin contact.', body: z.object(InviteKey).strict(),
    response: z.object({ orgAdminEmail: z.string() }),
  },

  // ── staff admin tool (paths as the spec gives them) ───────────────────────
  adminSearchUsers: {
    method: 'GET', path: '/admin/users', caller: 'staff', handler: 'admin/search-users',
    summary: 'Find a user by e-mail (or its beginning: at most 20 matches), userId or Stripe customer id across Cognito, DynamoDB and Stripe.',
    query: z.object({
      q: z.string().trim().min(ADMIN_SEARCH_MIN_LENGTH, SEARCH_TOO_SHORT).max(ADMIN_SEARCH_MAX_LENGTH, SEARCH_TOO_LONG),
    }).strict(),
    response: AdminSearchResult,
  },
  adminVerifyUser: {
    method: 'POST', path: '/admin/users/verify', caller: 'staff', handler: 'admin/verify-user',
    summary: 'Confirm the user and mark the e-mail verified (audited).', body: z.object({ cognitoSub: Id }).strict(),
    response: AdminActionResult,
  },
  adminDeleteUser: {
    method: 'DELETE', path: '/admin/users/delete', caller: 'staff', handler: 'admin/delete-user',
    summary: "Delete the Cognito user and the user's data; Stripe customers stay for accounting (audited).",
    body: z.object({ cognitoSub: Id }).strict(),
    response: AdminActionResult,
  },
  adminListUserShares: {
    method: 'GET', path: '/admin/users/shares', caller: 'staff', handler: 'admin/list-user-shares',
    summary: "A user's share links (expired ones included) with the image title, created, expiry and views.",
    query: z.object({ cognitoSub: Id }).strict(),
    response: z.object({ shares: z.array(AdminShareLink) }),
  },
  adminRevokeUserShare: {
    method: 'DELETE', path: '/admin/users/shares', caller: 'staff', handler: 'admin/revoke-user-share',
    summary: "Revoke one of a user's share links (audited).",
    body: z.object({ cognitoSub: Id, shareId: Id }).strict(),
    response: AdminActionResult,
  },
  adminListAudit: {
    method: 'GET', path: '/admin/audit', caller: 'staff', handler: 'admin/list-audit',
    summary: 'The audit trail of admin actions, newest first.',
    query: z.object({
      limit: z.coerce.number().int().min(1).max(ADMIN_AUDIT_PAGE_MAX).optional(),
      before: z.string().max(200).regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z#[0-9a-f-]{36}$/, 'not a cursor').optional(),
    }).strict(),
    response: AdminAuditList,
  },

  // ── image library (paths as the spec gives them) ──────────────────────────
  listImages: {
    method: 'GET', path: '/images/', caller: 'user', handler: 'images/list-images',
    summary: "The caller's images, newest first. Pages: `limit` (default and most 1000); the next page starts after `cursor`, the id of the previous page's last image (docs/images.md).",
    query: z.object({
      limit: z.coerce.number().int().min(1).max(MAX_IMAGES_PAGE).optional(),
      cursor: Id.optional(),
    }).strict(),
    response: z.array(Image),
  },
  createImage: {
    method: 'POST', path: '/images/', caller: 'user', handler: 'images/create-image',
    summary: 'Create an image record and a presigned POST for its file (`uploadUrl` + `uploadFields`, at most 25 MB and the storage left, of `contentType`), then finalise. 413 `storage_full` when the library is full or the declared `size` does not fit. `part` marks one part of a split capture.', status: 201,
    body: CreateImageBody,
    response: Image,
  },
  finalizeImage: {
    method: 'POST', path: '/images/{id}/', caller: 'user', handler: 'images/finalize-image',
    summary: 'Check the upload (an image, at most 25 MB, within the storage quota), record size and type, make the thumbnail.', params: ImageParams,
    body: Empty, response: Image,
  },
  updateImage: {
    method: 'PUT', path: '/images/{id}/', caller: 'user', handler: 'images/update-image',
    summary: 'Change title and notes.', params: ImageParams,
    body: z.object({ id: Id, title: ImageTitle, notes: ImageNotes }).strict(), response: Image,
  },
  deleteImage: {
    method: 'DELETE', path: '/images/{id}/', caller: 'user', handler: 'images/delete-image',
    summary: 'Delete the record and its objects.', params: ImageParams,
    body: z.object({ id: Id }).strict(), response: Ok,
  },
  getStorageUsage: {
    method: 'GET', path: '/account/storage', caller: 'user', handler: 'images/get-storage-usage',
    summary: "The image library's storage: bytes used by the caller's images, their limit and the plan that sets it (docs/images.md).",
    query: z.object({}).strict(), response: StorageUsage,
  },

  // ── share links (docs/images.md "Share links") ───────────────────────────
  createShareLink: {
    method: 'POST', path: '/images/{id}/shares', caller: 'user', handler: 'shares/create-share-link',
    summary: 'A new public link to a finalised image; the answer is the only time its URL (with the token) is shown.', status: 201,
    params: ImageParams, body: z.object({ expiry: ShareExpiry }).strict(), response: CreatedShareLink,
  },
  listShareLinks: {
    method: 'GET', path: '/images/{id}/shares', caller: 'user', handler: 'shares/list-share-links',
    summary: "The image's active links (id, created, expiry, views; never the token), newest first.",
    params: ImageParams, response: z.object({ shares: z.array(ShareLink) }),
  },
  revokeShareLink: {
    method: 'DELETE', path: '/images/{id}/shares/{shareId}', caller: 'user', handler: 'shares/revoke-share-link',
    summary: 'Revoke a link: it answers the gone page from then on (within 60 s behind caches).',
    params: ShareParams, response: Ok,
  },
  openSharePage: {
    method: 'GET', path: '/s/{token}', caller: 'public', handler: 'shares/open-share-page', produces: 'html', head: true,
    summary: 'The public page of a share link (image, title, Download, Open Graph, noindex); counts a view. Gone links: 404 or 410 page.',
    params: ShareTokenParams, response: WebPage,
  },
  openSharedImage: {
    method: 'GET', path: '/s/{token}/image', caller: 'public', handler: 'shares/open-shared-image', produces: 'html', head: true,
    summary: "A share link's image: a redirect to a short-lived presigned GET with the stored type (`download` saves it), for og:image and the Download button.",
    params: ShareTokenParams, query: z.object({ download: Flag }).strict(), response: WebPage,
  },

  // ── the extension: upload grants (docs/security.md) ──────────────────────
  createUploadGrant: {
    method: 'POST', path: '/extension/grants', caller: 'user', handler: 'extension/create-upload-grant',
    summary: 'Mint a short-lived upload grant for the extension (create and finalise images, nothing else); the site hands it over with the login message.', status: 201,
    body: Empty, response: UploadGrant.omit({ apiUrl: true }),
  },
  revokeUploadGrants: {
    method: 'DELETE', path: '/extension/grants', caller: 'user', handler: 'extension/revoke-upload-grants',
    summary: "Revoke every upload grant of the caller (sign-out).",
    body: Empty, response: z.object({ ok: z.literal(true), revoked: z.number().int().nonnegative() }),
  },
  grantCreateImage: {
    method: 'POST', path: '/extension/images/', caller: 'upload-grant', handler: 'extension/grant-create-image',
    summary: 'As createImage, for the holder of an upload grant (the extension editor\'s "Save to library").', status: 201,
    body: CreateImageBody, response: Image,
  },
  grantFinalizeImage: {
    method: 'POST', path: '/extension/images/{id}/', caller: 'upload-grant', handler: 'extension/grant-finalize-image',
    summary: 'As finalizeImage, for the holder of an upload grant.', params: ImageParams,
    body: Empty, response: Image,
  },

  // ── contact ───────────────────────────────────────────────────────────────
  submitContactSales: {
    method: 'POST', path: '/contact/sales', caller: 'public',
    handler: 'contact/submit-contact-sales', summary: 'Store a contact-sales request for staff.', status: 201,
    body: z.object({
      name: z.string().trim().min(1).max(200), email: Email, company: z.string().trim().min(1).max(200),
      seats: z.number().int().positive().max(100000).optional(), message: z.string().trim().max(5000),
    }).strict(),
    response: Ok,
  },
});

export type Routes = typeof routes;
export type RouteId = keyof Routes;
export const routeList = Object.values(routes);
