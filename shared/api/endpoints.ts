import type { Endpoint } from './route';

/**
 * Each route's method, path, caller and handler module, without zod: the half of the route table
 * that code which must not bundle zod (the extension) reads. The schemas, keyed by the same ids,
 * are in routes.ts, which joins the two.
 */
export const endpoints = {
  // ── account ───────────────────────────────────────────────────────────────
  lookupAccount: { method: 'GET', path: '/account', caller: 'user', handler: 'account/lookup-account' },
  cancelAccountSubscription: { method: 'POST', path: '/account/subscription/cancel', caller: 'user', handler: 'billing/cancel-subscription' },
  updateAccountCancelAtPeriodEnd: { method: 'POST', path: '/account/subscription/cancel-at-period-end', caller: 'user', handler: 'billing/update-cancel-at-period-end' },
  changeEmail: { method: 'POST', path: '/account/email', caller: 'user', handler: 'account/change-email' },
  verifyAccountEmail: { method: 'POST', path: '/account/email/verify', caller: 'user', handler: 'account/verify-email' },
  updateAccountName: { method: 'POST', path: '/account/name', caller: 'user', handler: 'account/update-account-name' },

  // ── checkout and billing ──────────────────────────────────────────────────
  createCheckoutSessionUrl: { method: 'POST', path: '/checkout/sessions', caller: 'user', handler: 'checkout/create-checkout-session-url' },
  performCheckoutSessionSuccess: { method: 'POST', path: '/checkout/sessions/success', caller: 'user', handler: 'checkout/perform-checkout-session-success' },
  createUpdatePaymentSession: { method: 'POST', path: '/billing/payment-method-sessions', caller: 'user', handler: 'billing/create-update-payment-session' },
  confirmUpdatePaymentSession: { method: 'POST', path: '/billing/payment-method-sessions/confirm', caller: 'user', handler: 'billing/confirm-update-payment-session' },
  stripeWebhook: { method: 'POST', path: '/stripe/webhook', caller: 'stripe-signature', handler: 'stripe/stripe-webhook' },

  // ── organisations ─────────────────────────────────────────────────────────
  getOrganization: { method: 'GET', path: '/orgs/{orgId}', caller: 'user', handler: 'orgs/get-organization' },
  getOrganizationMembers: { method: 'GET', path: '/orgs/{orgId}/members', caller: 'user', handler: 'orgs/get-organization-members' },
  sendEnterpriseMembersInvitations: { method: 'POST', path: '/orgs/{orgId}/invitations', caller: 'user', handler: 'orgs/send-invitations' },
  revokeEnterpriseMemberInvite: { method: 'DELETE', path: '/orgs/{orgId}/invitations/{userId}', caller: 'user', handler: 'orgs/revoke-invite' },
  updateEnterpriseMemberStatus: { method: 'PUT', path: '/orgs/{orgId}/members/{userId}/status', caller: 'user', handler: 'orgs/update-member-status' },

  // ── invitations (the token proves the invite's e-mail) ────────────────────
  getInviteDetails: { method: 'POST', path: '/invites/details', caller: 'public', handler: 'invites/get-invite-details' },
  acceptInvite: { method: 'POST', path: '/invites/accept', caller: 'public', handler: 'invites/accept-invite' },
  declineInvite: { method: 'POST', path: '/invites/decline', caller: 'public', handler: 'invites/decline-invite' },

  // ── staff admin tool (paths as the spec gives them) ───────────────────────
  adminSearchUsers: { method: 'GET', path: '/admin/users', caller: 'staff', handler: 'admin/search-users' },
  adminVerifyUser: { method: 'POST', path: '/admin/users/verify', caller: 'staff', handler: 'admin/verify-user' },
  adminDeleteUser: { method: 'DELETE', path: '/admin/users/delete', caller: 'staff', handler: 'admin/delete-user' },
  adminListUserShares: { method: 'GET', path: '/admin/users/shares', caller: 'staff', handler: 'admin/list-user-shares' },
  adminRevokeUserShare: { method: 'DELETE', path: '/admin/users/shares', caller: 'staff', handler: 'admin/revoke-user-share' },
  adminListAudit: { method: 'GET', path: '/admin/audit', caller: 'staff', handler: 'admin/list-audit' },

  // ── image library (paths as the spec gives them) ──────────────────────────
  listImages: { method: 'GET', path: '/images/', caller: 'user', handler: 'images/list-images' },
  createImage: { method: 'POST', path: '/images/', caller: 'user', handler: 'images/create-image' },
  finalizeImage: { method: 'POST', path: '/images/{id}/', caller: 'user', handler: 'images/finalize-image' },
  updateImage: { method: 'PUT', path: '/images/{id}/', caller: 'user', handler: 'images/update-image' },
  deleteImage: { method: 'DELETE', path: '/images/{id}/', caller: 'user', handler: 'images/delete-image' },
  getStorageUsage: { method: 'GET', path: '/account/storage', caller: 'user', handler: 'images/get-storage-usage' },

  // ── share links (docs/images.md "Share links") ───────────────────────────
  createShareLink: { method: 'POST', path: '/images/{id}/shares', caller: 'user', handler: 'shares/create-share-link' },
  listShareLinks: { method: 'GET', path: '/images/{id}/shares', caller: 'user', handler: 'shares/list-share-links' },
  revokeShareLink: { method: 'DELETE', path: '/images/{id}/shares/{shareId}', caller: 'user', handler: 'shares/revoke-share-link' },
  openSharePage: { method: 'GET', path: '/s/{token}', caller: 'public', handler: 'shares/open-share-page', produces: 'html', head: true },
  openSharedImage: { method: 'GET', path: '/s/{token}/image', caller: 'public', handler: 'shares/open-shared-image', produces: 'html', head: true },

  // ── the extension: upload grants (docs/security.md) ──────────────────────
  createUploadGrant: { method: 'POST', path: '/extension/grants', caller: 'user', handler: 'extension/create-upload-grant' },
  revokeUploadGrants: { method: 'DELETE', path: '/extension/grants', caller: 'user', handler: 'extension/revoke-upload-grants' },
  grantCreateImage: { method: 'POST', path: '/extension/images/', caller: 'upload-grant', handler: 'extension/grant-create-image' },
  grantFinalizeImage: { method: 'POST', path: '/extension/images/{id}/', caller: 'upload-grant', handler: 'extension/grant-finalize-image' },

  // ── contact ───────────────────────────────────────────────────────────────
  submitContactSales: { method: 'POST', path: '/contact/sales', caller: 'public', handler: 'contact/submit-contact-sales' },
} as const satisfies Record<string, Endpoint>;
