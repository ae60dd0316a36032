/**
 * AWS list prices used by the cost model: us-east-1, on-demand, USD, as published on the services'
 * pricing pages for 2026 (unchanged since the November 2024 DynamoDB on-demand and Cognito tier
 * changes). No free tier is applied except the MAUs a Cognito tier includes.
 * Re-check the pages before relying on a figure; change a value here and rerun `npm run cost`.
 */
export const PRICES_AS_OF = '2026 list prices, us-east-1, USD, no free tier (recorded 2026-11-25)';

export const PRICES = {
  lambda: {
    /** Per GB-second of duration. */
    gbSecond: { arm64: 0.0000133334, x86_64: 0.0000166667 },
    perMillionRequests: 0.2,
  },
  /** HTTP API: first 300 million requests a month, then the lower rate. */
  httpApi: { perMillionFirst300M: 1.0, perMillionAfter: 0.9 },
  dynamodb: {
    /** On-demand (PAY_PER_REQUEST), after the November 2024 price cut. */
    perMillionWrites: 0.625,
    perMillionReads: 0.125,
    storageGbMonth: 0.25,
    /** Point-in-time recovery (continuous backups), per GB-month of table size. */
    pitrGbMonth: 0.2,
  },
  s3: {
    storageGbMonth: 0.023,
    perThousandPuts: 0.005,
    perThousandGets: 0.0004,
    /** Presigned GETs leave S3 directly to the browser. */
    transferOutGb: 0.09,
  },
  cloudfront: {
    /** Price class 100 (North America and Europe), first 10 TB. */
    transferOutGb: 0.085,
    perTenThousandHttpsRequests: 0.01,
  },
  cognito: {
    /** Per monthly active user; Lite and Essentials include the first 10,000 MAU, Plus includes none. */
    includedMau: { LITE: 10_000, ESSENTIALS: 10_000, PLUS: 0 },
    ESSENTIALS: 0.015,
    PLUS: 0.02,
    /** Lite is tiered: [MAU up to, price per MAU]. */
    LITE: [[100_000, 0.0055], [1_000_000, 0.0046], [10_000_000, 0.00325], [Infinity, 0.0025]] as [number, number][],
  },
  logs: { ingestGb: 0.5, storageGbMonth: 0.03 },
  /** Standard-resolution alarm, dashboard, and custom metric (Powertools Metrics, first 10,000) per month. */
  cloudwatch: { alarmMonth: 0.1, dashboardMonth: 3, customMetricMonth: 0.3 },
  waf: { webAclMonth: 5, ruleMonth: 1, perMillionRequests: 0.6 },
  xray: { perMillionTraces: 5 },
} as const;
