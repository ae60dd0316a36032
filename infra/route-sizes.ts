import type { RouteId } from '#shared/api/routes';

/** Memory and timeout of one route function. */
export interface RouteSize {
  memoryMb: number;
  /** Below API Gateway's 30 s integration timeout, so a slow call ends as the handler's own error. */
  timeoutSeconds: number;
}

/**
 * The sizing rule (infra/README.md "Sizing"): twice the measured peak RSS, rounded up to 64 MB,
 * and never under 256 MB, because Lambda gives CPU in proportion to memory and the cold start
 * (module import) is CPU-bound.
 */
export const memoryFromPeak = (peakMb: number) => Math.max(256, Math.ceil((2 * peakMb) / 64) * 64);

const standard: RouteSize = { memoryMb: 256, timeoutSeconds: 10 };
/** Calls to Stripe (a network round trip or two, plus the Parameters extension on a cold start). */
const stripe: RouteSize = { memoryMb: 256, timeoutSeconds: 15 };
/** Several writes and e-mails or Stripe calls in one request. */
const long: RouteSize = { memoryMb: 256, timeoutSeconds: 25 };

/**
 * Per-route sizes, measured with `npx tsx infra/measure-lambda-memory.ts` (figures in
 * infra/README.md). Typed by RouteId, so a new route does not compile until it is sized.
 */
export const routeSizes: Record<RouteId, RouteSize> = {
  lookupAccount: stripe,
  cancelAccountSubscription: stripe,
  updateAccountCancelAtPeriodEnd: stripe,
  changeEmail: stripe,
  verifyAccountEmail: stripe,
  updateAccountName: standard,
  createCheckoutSessionUrl: stripe,
  performCheckoutSessionSuccess: stripe,
  createUpdatePaymentSession: stripe,
  confirmUpdatePaymentSession: stripe,
  // Re-fetches the subscription and writes users/orgs; Stripe retries on a timeout, so it gets room.
  stripeWebhook: long,
  getOrganization: standard,
  getOrganizationMembers: standard,
  sendEnterpriseMembersInvitations: long,
  revokeEnterpriseMemberInvite: standard,
  updateEnterpriseMemberStatus: standard,
  getInviteDetails: standard,
  acceptInvite: stripe,
  declineInvite: standard,
  adminSearchUsers: stripe,
  adminVerifyUser: standard,
  adminDeleteUser: long,
  adminListAudit: standard,
  listImages: standard,
  createImage: standard,
  // Measured 144 MB peak (rule: 320 MB). Sized up for CPU: Lambda's CPU share grows with memory,
  // and decoding a 25 MB / 150 MP upload is CPU-bound; 1024 MB is well inside the 25 s timeout.
  finalizeImage: { memoryMb: 1024, timeoutSeconds: 25 },
  updateImage: standard,
  deleteImage: standard,
  submitContactSales: standard,
};

/** The Cognito PostConfirmation trigger (one DynamoDB write; Cognito waits at most 5 s). */
export const postConfirmationSize: RouteSize = { memoryMb: 256, timeoutSeconds: 5 };
