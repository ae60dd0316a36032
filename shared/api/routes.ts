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
import { THUMBNAIL } from '../rules/image-thumbnail';
import { DISPLAY_NAME_INPUT_MAX, normalizeDisplayName } from '../rules/display-name';
import { endpoints } from './endpoints';
import { defineRoutes } from './route';
import { WebPage } from './web-page';

/**
 * The one route table: the product-facing contract of each endpoint (the key is its id; method,
 * path, caller and handler module from endpoints.ts, the zod-free half; summary and schemas here). The CDK api stack, the local API server and the web
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
/**
 * The extension's create may also ask for a form for the thumbnail its editor made (`thumbnail: true`):
 * finalise then checks that one and skips decoding the capture. The site's uploads do not ask.
 */
const GrantCreateImageBody = CreateImageBody.extend({ thumbnail: z.literal(true).optional() }).strict();
const InviteKey = { sub: Id, token: z.string().min(16).max(256).regex(/^[A-Za-z0-9_-]+$/) };
export const AccountType = z.enum(['user', 'organization']);
export const CheckoutPlan = z.enum(['premium']);

export const routes = defineRoutes(endpoints, {
  // ── account ───────────────────────────────────────────────────────────────
  lookupAccount: {
    summary: "The signed-in user's account; retry code while the user row is not created yet.",
    query: z.object({ includePayments: Flag, includeAbTest: Flag, forceAbTestV2Group: AbTestGroup.optional() }).strict(),
    response: Account,
  },
  cancelAccountSubscription: {
    summary: 'Cancel the subscription now.',
    body: Empty, response: Account,
  },
  updateAccountCancelAtPeriodEnd: {
    summary: 'Turn auto-renew off or on.',
    body: z.object({ cancel_at_period_end: z.boolean() }).strict(), response: Account,
  },
  changeEmail: {
    summary: 'Start changing the sign-in e-mail: Cognito sends a code to the new address and keeps the old one until verified.',
    body: z.object({ email: Email }).strict(),
    // `codeSentTo` is absent when nothing needs verifying (the address is already the account's).
    response: z.object({ ok: z.literal(true), codeSentTo: z.string().optional() }),
  },
  verifyAccountEmail: {
    summary: 'Finish the e-mail change with the code sent to the new address; only then the account changes.',
    body: z.object({ code: z.string().trim().regex(/^[0-9]{6}$/, 'Enter the 6-digit code from the email.') }).strict(),
    response: z.object({ ok: z.literal(true), email: z.string() }),
  },

  updateAccountName: {
    summary: 'Set (or, with an empty name, clear) the name the site greets the user by; kept on the Cognito user and the user row.',
    body: z.object({ name: z.string().max(DISPLAY_NAME_INPUT_MAX).transform(normalizeDisplayName) }).strict(),
    response: z.object({ ok: z.literal(true), name: z.string() }),
  },

  // ── checkout and billing ──────────────────────────────────────────────────
  createCheckoutSessionUrl: {
    summary: 'Start a Stripe Checkout for Premium.',
    body: z.object({
      plan: CheckoutPlan, cancel_url: Url, success_url: Url,
      quick_trial: z.boolean().optional(), limit: z.boolean().optional(), no_limit: z.boolean().optional(),
      checkout_method: AbTestGroup.optional(),
    }).strict(),
    response: z.object({ url: z.string().url() }),
  },
  performCheckoutSessionSuccess: {
    summary: "Complete the caller's finished Checkout session.",
    body: z.object({ session_id: z.string().min(1).max(255) }).strict(), response: Account,
  },
  createUpdatePaymentSession: {
    summary: 'Checkout in setup mode to replace the card.',
    body: z.object({ cancel_url: Url, success_url: Url, account_type: AccountType }).strict(),
    response: z.object({ url: z.string().url() }),
  },
  confirmUpdatePaymentSession: {
    summary: 'Make the new card the default.',
    body: z.object({ session_id: z.string().min(1).max(255), account_type: AccountType }).strict(),
    response: z.object({ type: AccountType, data: z.union([Account, Organization]) }),
  },
  stripeWebhook: {
    summary: 'Stripe events into DynamoDB (signature checked on the raw body).',
    response: z.object({ received: z.literal(true) }),
  },

  // ── organisations ─────────────────────────────────────────────────────────
  getOrganization: {
    summary: 'Organisation details (org admin only).', params: OrgParams, response: Organization,
  },
  getOrganizationMembers: {
    summary: 'Members with role and status (org admin only).',
    params: OrgParams, response: z.object({ members: z.array(Member) }),
  },
  sendEnterpriseMembersInvitations: {
    summary: 'Invite (or re-send to) members within the remaining seats.',
    params: OrgParams,
    body: z.object({ invites: z.array(z.object({ email: Email }).strict()).min(1).max(500) }).strict(),
    response: z.object({ members: z.array(Member) }),
  },
  revokeEnterpriseMemberInvite: {
    summary: 'Delete a pending invitation.', params: OrgMemberParams, response: Ok,
  },
  updateEnterpriseMemberStatus: {
    summary: 'Deactivate or reactivate a member.',
    params: OrgMemberParams, body: z.object({ status: OrgStatus }).strict(), response: Member,
  },

  // ── invitations (the token proves the invite's e-mail) ────────────────────
  getInviteDetails: {
    summary: 'Who is invited to which organisation.',
    body: z.object(InviteKey).strict(), response: InviteDetails,
  },
  acceptInvite: {
    summary: 'Join the organisation; a new account sets its password here.',
    body: z.object({ ...InviteKey, newAccountPassword: z.string().max(256).nullable().optional() }).strict(),
    response: z.object({ orgId: z.string(), email: z.string() }),
  },
  declineInvite: {
    summary: 'Decline; answers the admin contact.', body: z.object(InviteKey).strict(),
    response: z.object({ orgAdminEmail: z.string() }),
  },

  // ── staff admin tool (paths as the spec gives them) ───────────────────────
  adminSearchUsers: {
    summary: 'Find a user by e-mail (or its beginning: at most 20 matches), userId or Stripe customer id across Cognito, DynamoDB and Stripe.',
    query: z.object({
      q: z.string().trim().min(ADMIN_SEARCH_MIN_LENGTH, SEARCH_TOO_SHORT).max(ADMIN_SEARCH_MAX_LENGTH, SEARCH_TOO_LONG),
    }).strict(),
    response: AdminSearchResult,
  },
  adminVerifyUser: {
    summary: 'Confirm the user and mark the e-mail verified (audited).', body: z.object({ cognitoSub: Id }).strict(),
    response: AdminActionResult,
  },
  adminDeleteUser: {
    summary: "Delete the Cognito user and the user's data; Stripe customers stay for accounting (audited).",
    body: z.object({ cognitoSub: Id }).strict(),
    response: AdminActionResult,
  },
  adminListUserShares: {
    summary: "A user's share links (expired ones included) with the image title, created, expiry and views.",
    query: z.object({ cognitoSub: Id }).strict(),
    response: z.object({ shares: z.array(AdminShareLink) }),
  },
  adminRevokeUserShare: {
    summary: "Revoke one of a user's share links (audited).",
    body: z.object({ cognitoSub: Id, shareId: Id }).strict(),
    response: AdminActionResult,
  },
  adminListAudit: {
    summary: 'The audit trail of admin actions, newest first.',
    query: z.object({
      limit: z.coerce.number().int().min(1).max(ADMIN_AUDIT_PAGE_MAX).optional(),
      before: z.string().max(200).regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z#[0-9a-f-]{36}$/, 'not a cursor').optional(),
    }).strict(),
    response: AdminAuditList,
  },

  // ── image library (paths as the spec gives them) ──────────────────────────
  listImages: {
    summary: "The caller's images, newest first. Pages: `limit` (default and most 1000); the next page starts after `cursor`, the id of the previous page's last image (docs/images.md).",
    query: z.object({
      limit: z.coerce.number().int().min(1).max(MAX_IMAGES_PAGE).optional(),
      cursor: Id.optional(),
    }).strict(),
    response: z.array(Image),
  },
  createImage: {
    summary: 'Create an image record and a presigned POST for its file (`uploadUrl` + `uploadFields`, at most 25 MB and the storage left, of `contentType`), then finalise. 413 `storage_full` when the library is full or the declared `size` does not fit. `part` marks one part of a split capture.', status: 201,
    body: CreateImageBody,
    response: Image,
  },
  finalizeImage: {
    summary: 'Check the upload (an image, at most 25 MB, within the storage quota), record size and type, make the thumbnail.', params: ImageParams,
    body: Empty, response: Image,
  },
  updateImage: {
    summary: 'Change title and notes.', params: ImageParams,
    body: z.object({ id: Id, title: ImageTitle, notes: ImageNotes }).strict(), response: Image,
  },
  deleteImage: {
    summary: 'Delete the record and its objects.', params: ImageParams,
    body: z.object({ id: Id }).strict(), response: Ok,
  },
  getStorageUsage: {
    summary: "The image library's storage: bytes used by the caller's images, their limit and the plan that sets it (docs/images.md).",
    query: z.object({}).strict(), response: StorageUsage,
  },

  // ── share links (docs/images.md "Share links") ───────────────────────────
  createShareLink: {
    summary: 'A new public link to a finalised image; the answer is the only time its URL (with the token) is shown.', status: 201,
    params: ImageParams, body: z.object({ expiry: ShareExpiry }).strict(), response: CreatedShareLink,
  },
  listShareLinks: {
    summary: "The image's active links (id, created, expiry, views; never the token), newest first.",
    params: ImageParams, response: z.object({ shares: z.array(ShareLink) }),
  },
  revokeShareLink: {
    summary: 'Revoke a link: it answers the gone page from then on (within 60 s behind caches).',
    params: ShareParams, response: Ok,
  },
  openSharePage: {
    summary: 'The public page of a share link (image, title, Download, Open Graph, noindex); counts a view. Gone links: 404 or 410 page.',
    params: ShareTokenParams, response: WebPage,
  },
  openSharedImage: {
    summary: "A share link's image: a redirect to a short-lived presigned GET with the stored type (`download` saves it), for og:image and the Download button.",
    params: ShareTokenParams, query: z.object({ download: Flag }).strict(), response: WebPage,
  },

  // ── the extension: upload grants (docs/security.md) ──────────────────────
  createUploadGrant: {
    summary: 'Mint a short-lived upload grant for the extension (create and finalise images, nothing else); the site hands it over with the login message.', status: 201,
    body: Empty, response: UploadGrant.omit({ apiUrl: true }),
  },
  revokeUploadGrants: {
    summary: "Revoke every upload grant of the caller (sign-out).",
    body: Empty, response: z.object({ ok: z.literal(true), revoked: z.number().int().nonnegative() }),
  },
  grantCreateImage: {
    summary: 'As createImage, for the holder of an upload grant (the extension editor\'s "Save to library"). With `thumbnail: true`, also `thumbUploadFields`: a presigned POST (to the same `uploadUrl`) for the WebP thumbnail the editor made, which finalise checks and keeps instead of making one.', status: 201,
    body: GrantCreateImageBody, response: Image,
  },
  grantFinalizeImage: {
    summary: `As finalizeImage, for the holder of an upload grant. A thumbnail uploaded with \`thumbUploadFields\` that passes the checks (a still WebP of the thumbnail rule's size for the image, at most ${THUMBNAIL.maxBytes / 1024} KB) is kept and the image is not decoded, only its header read; any other is ignored and the thumbnail made as usual.`, params: ImageParams,
    body: Empty, response: Image,
  },

  // ── contact ───────────────────────────────────────────────────────────────
  submitContactSales: {
    summary: 'Store a contact-sales request for staff.', status: 201,
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
