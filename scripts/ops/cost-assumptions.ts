import type { RouteId } from '#shared/api/routes';

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

/** One row per route of shared/api/routes.ts (a new route does not compile until it has one). */
export const ROUTE_USAGE: Record<RouteId, RouteUsage> = {
  lookupAccount: { free: 12, paying: 25, ms: 60, reads: 1, writes: 0 },
  cancelAccountSubscription: { free: 0, paying: 0.02, ms: 400, reads: 1, writes: 2 },
  updateAccountCancelAtPeriodEnd: { free: 0, paying: 0.05, ms: 400, reads: 1, writes: 2 },
  changeEmail: { free: 0.01, paying: 0.01, ms: 200, reads: 1, writes: 0 },
  verifyAccountEmail: { free: 0.01, paying: 0.01, ms: 200, reads: 1, writes: 3 },
  updateAccountName: { free: 0.01, paying: 0.01, ms: 150, reads: 1, writes: 1 },
  createCheckoutSessionUrl: { free: 0.05, paying: 0.1, ms: 500, reads: 2, writes: 1 },
  performCheckoutSessionSuccess: { free: 0.02, paying: 0.09, ms: 500, reads: 2, writes: 3 },
  createUpdatePaymentSession: { free: 0, paying: 0.03, ms: 400, reads: 1, writes: 0 },
  confirmUpdatePaymentSession: { free: 0, paying: 0.03, ms: 500, reads: 1, writes: 3 },
  // Per paying user: yearly renewal, trial end, card updates, upcoming-invoice notices ≈ 6 events a year.
  stripeWebhook: { free: 0, paying: 0.5, ms: 350, reads: 3, writes: 5 },
  getOrganization: { free: 0, paying: 0.3, ms: 80, reads: 2, writes: 0 },
  getOrganizationMembers: { free: 0, paying: 0.3, ms: 100, reads: 5, writes: 0 },
  sendEnterpriseMembersInvitations: { free: 0, paying: 0.02, ms: 600, reads: 3, writes: 6 },
  revokeEnterpriseMemberInvite: { free: 0, paying: 0.005, ms: 150, reads: 2, writes: 3 },
  updateEnterpriseMemberStatus: { free: 0, paying: 0.005, ms: 150, reads: 2, writes: 3 },
  getInviteDetails: { free: 0.01, paying: 0.02, ms: 80, reads: 2, writes: 0 },
  acceptInvite: { free: 0.005, paying: 0.01, ms: 250, reads: 3, writes: 4 },
  declineInvite: { free: 0.001, paying: 0.001, ms: 150, reads: 2, writes: 2 },
  adminSearchUsers: { free: 0, paying: 0.001, ms: 150, reads: 5, writes: 1 },
  adminVerifyUser: { free: 0, paying: 0.0002, ms: 150, reads: 1, writes: 2 },
  adminDeleteUser: { free: 0, paying: 0.0002, ms: 800, reads: 10, writes: 10 },
  adminListAudit: { free: 0, paying: 0.0005, ms: 100, reads: 5, writes: 0 },
  // The image library is a Premium feature: free users only see the upgrade prompt.
  listImages: { free: 0, paying: 15, ms: 120, reads: 4, writes: 0 },
  createImage: { free: 0, paying: 20, ms: 120, reads: 1, writes: 1 },
  finalizeImage: { free: 0, paying: 20, ms: 900, reads: 1, writes: 1 },
  updateImage: { free: 0, paying: 2, ms: 100, reads: 1, writes: 1 },
  deleteImage: { free: 0, paying: 1, ms: 150, reads: 1, writes: 1 },
  submitContactSales: { free: 0.002, paying: 0.001, ms: 300, reads: 0, writes: 1 },
};

export interface Scenario {
  label: string;
  /** Registered accounts. */
  users: number;
  /** Premium subscribers plus Enterprise seats. */
  paying: number;
}

/** 1k, 100k and 8M accounts; 100k paying at 8M (1.25 %), the same share at the smaller sizes. */
export const SCENARIOS: Scenario[] = [
  { label: '1k users', users: 1_000, paying: 13 },
  { label: '100k users', users: 100_000, paying: 1_250 },
  { label: '8M users', users: 8_000_000, paying: 100_000 },
];

export const ASSUMPTIONS = {
  /** Share of free accounts that sign in (a Cognito MAU) in a month; paying users all do. */
  freeActiveShare: 0.2,
  /** Website page views per active user per month, and bytes CloudFront sends per view (cached JS after the first). */
  pageViewsPerActiveUser: 6,
  bytesPerPageView: 250_000,
  requestsPerPageView: 8,
  /** Stored captures: average full-page PNG/JPEG plus its thumbnail, and how many a paying user keeps. */
  imageBytes: 1_500_000,
  thumbnailBytes: 40_000,
  storedImagesPerPayingUser: 150,
  /** Each listImages shows this many thumbnails (presigned S3 GETs); each upload is one full download later. */
  thumbnailsPerList: 12,
  downloadsPerUpload: 0.5,
  /** DynamoDB item sizes: a user row, an image row. */
  userRowBytes: 1_200,
  imageRowBytes: 600,
  /** Log bytes per Lambda invocation (Powertools JSON + START/END/REPORT) and per API access-log line. */
  logBytesPerInvocation: 1_500,
  accessLogBytesPerRequest: 450,
  /** CloudWatch bills stored logs compressed. */
  logCompression: 0.15,
  /** Custom metrics Powertools Metrics emits (sign-ups, checkouts, webhooks handled, captures saved, ... × service dimension). */
  customMetrics: 8,
  /** Share of API requests X-Ray records when tracing is active (default sampling: 1/s + 5 %). */
  xraySampleShare: 0.05,
  /** New accounts per month as a share of accounts (PostConfirmation trigger calls). */
  signupShare: 0.04,
};

/** What each assumption means, printed beside its value in docs/cost.md. */
export const ASSUMPTION_NOTES: Record<keyof typeof ASSUMPTIONS, string> = {
  freeActiveShare: 'share of free accounts signing in (a Cognito MAU) in a month; paying users all do',
  pageViewsPerActiveUser: 'website page views per active user per month',
  bytesPerPageView: 'bytes CloudFront sends per page view (JS cached after the first)',
  requestsPerPageView: 'CloudFront (and WAF) requests per page view',
  imageBytes: 'average stored capture, bytes',
  thumbnailBytes: 'its thumbnail, bytes',
  storedImagesPerPayingUser: 'captures a paying user keeps in the library',
  thumbnailsPerList: 'thumbnails (presigned S3 GETs) per library page',
  downloadsPerUpload: 'full downloads per uploaded capture',
  userRowBytes: 'DynamoDB user row, bytes',
  imageRowBytes: 'DynamoDB image row, bytes',
  logBytesPerInvocation: 'CloudWatch log bytes per Lambda invocation (Powertools JSON + START/END/REPORT)',
  accessLogBytesPerRequest: 'API access-log bytes per request',
  logCompression: 'stored/ingested log size (CloudWatch bills storage compressed)',
  customMetrics: 'Powertools Metrics custom metrics',
  xraySampleShare: 'share of API requests X-Ray records (1/s + 5 % sampling)',
  signupShare: 'new accounts per month as a share of accounts (PostConfirmation calls)',
};
