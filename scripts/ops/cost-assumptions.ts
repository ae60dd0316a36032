import type { RouteId } from '#shared/api/routes';
import { routeDeploy, type RouteUsage } from '../../infra/route-deploy';

/**
 * Per-route usage figures: the `cost` of each route's entry in infra/route-deploy.ts (one entry
 * holds a route's grants, size and cost figures, so a new route does not compile without them).
 */
export const ROUTE_USAGE = Object.fromEntries(
  Object.entries(routeDeploy).map(([id, d]) => [id, d.cost]),
) as Record<RouteId, RouteUsage>;

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
