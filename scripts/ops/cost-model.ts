import { ASSUMPTIONS, ROUTE_USAGE, type Scenario } from './cost-assumptions';
import { PRICES } from './cost-prices';
import type { TemplateFacts } from './cost-template-facts';

export type Service =
  | 'Lambda' | 'API Gateway' | 'DynamoDB' | 'S3' | 'CloudFront' | 'Cognito' | 'CloudWatch Logs' | 'CloudWatch alarms, dashboards, metrics' | 'WAF' | 'X-Ray';

export interface ScenarioCost {
  scenario: Scenario;
  activeUsers: number;
  apiRequests: number;
  /** USD per month per service. */
  services: Record<Service, number>;
  total: number;
  /** Premium revenue at $12/year per paying user, per month, before Stripe's fees. */
  revenue: number;
}

const GB = 1e9;
const MILLION = 1e6;

function cognitoCost(tier: NonNullable<TemplateFacts['cognitoTier']>, mau: number): number {
  const billable = Math.max(0, mau - PRICES.cognito.includedMau[tier]);
  if (tier !== 'LITE') return billable * PRICES.cognito[tier];
  // Lite is tiered by total MAU; the included 10,000 are the first band.
  let cost = 0;
  let from: number = PRICES.cognito.includedMau.LITE;
  for (const [upTo, price] of PRICES.cognito.LITE) {
    cost += Math.max(0, Math.min(mau, upTo) - from) * price;
    from = upTo;
    if (mau <= upTo) break;
  }
  return cost;
}

/** S3 Standard storage of a library filled to `limitBytes`, USD a month: the most the quota lets one user cost. */
export const fullLibraryMonthlyUsd = (limitBytes: number): number => (limitBytes / 2 ** 30) * PRICES.s3.storageGbMonth;

/** The retention most log groups have (the Lambda and access logs), in days; 3650 for "never". */
export function typicalRetentionDays(facts: TemplateFacts): number {
  const counts = new Map<number, number>();
  for (const d of facts.logRetentionDays) counts.set(d ?? 3650, (counts.get(d ?? 3650) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 3650;
}

/** Monthly cost of one scenario from the templates' facts and the stated assumptions and prices. */
export function scenarioCost(facts: TemplateFacts, scenario: Scenario, a = ASSUMPTIONS, usage = ROUTE_USAGE): ScenarioCost {
  const free = scenario.users - scenario.paying;
  const activeFree = free * a.freeActiveShare;
  const activeUsers = activeFree + scenario.paying;

  let lambda = 0;
  let apiRequests = 0;
  let reads = 0;
  let writes = 0;
  let invocations = 0;
  for (const fn of facts.functions) {
    let calls = 0;
    let ms = 0;
    if (fn.routeId) {
      const u = usage[fn.routeId];
      calls = activeFree * u.free + scenario.paying * u.paying;
      ms = u.ms;
      apiRequests += calls;
      reads += calls * u.reads;
      writes += calls * u.writes;
    } else if (/postconfirmation/i.test(fn.logicalId)) {
      calls = scenario.users * a.signupShare;
      ms = 150;
      writes += calls;
    } // Other functions (custom resources, log retention) run at deploy time only.
    invocations += calls;
    lambda += calls * (ms / 1000) * (fn.memoryMb / 1024) * PRICES.lambda.gbSecond[fn.arch] + (calls / MILLION) * PRICES.lambda.perMillionRequests;
  }

  const first = Math.min(apiRequests, 300 * MILLION);
  const api = facts.httpApis
    ? (first / MILLION) * PRICES.httpApi.perMillionFirst300M + ((apiRequests - first) / MILLION) * PRICES.httpApi.perMillionAfter
    : 0;

  const storedImages = scenario.paying * a.storedImagesPerPayingUser;
  const tableGb = (scenario.users * a.userRowBytes + storedImages * a.imageRowBytes) / GB;
  const pitr = facts.tables.some((t) => t.pitr);
  const onDemand = facts.tables.every((t) => t.onDemand);
  if (!onDemand) throw new Error('The cost model covers on-demand (PAY_PER_REQUEST) tables only');
  const dynamodb = (writes / MILLION) * PRICES.dynamodb.perMillionWrites + (reads / MILLION) * PRICES.dynamodb.perMillionReads
    + tableGb * PRICES.dynamodb.storageGbMonth + (pitr ? tableGb * PRICES.dynamodb.pitrGbMonth : 0);

  const uploads = scenario.paying * usage.finalizeImage.paying;
  const thumbnailViews = scenario.paying * usage.listImages.paying * a.thumbnailsPerList;
  const downloads = uploads * a.downloadsPerUpload;
  const s3Gb = (storedImages * (a.imageBytes + a.thumbnailBytes)) / GB;
  const s3Out = (thumbnailViews * a.thumbnailBytes + downloads * a.imageBytes) / GB;
  // Each upload: the browser's PUT and the thumbnail PUT; finalize reads the original once.
  const s3 = s3Gb * PRICES.s3.storageGbMonth + ((uploads * 2) / 1000) * PRICES.s3.perThousandPuts
    + ((uploads + thumbnailViews + downloads) / 1000) * PRICES.s3.perThousandGets + s3Out * PRICES.s3.transferOutGb;

  const pageViews = activeUsers * a.pageViewsPerActiveUser;
  // The site (and the WAF in front of it) sees requests only where a distribution exists.
  const cdnRequests = facts.distributions.length ? pageViews * a.requestsPerPageView : 0;
  const cloudfront = facts.distributions.length
    ? ((pageViews * a.bytesPerPageView) / GB) * PRICES.cloudfront.transferOutGb + (cdnRequests / 10_000) * PRICES.cloudfront.perTenThousandHttpsRequests
    : 0;

  const cognito = facts.cognitoTier ? cognitoCost(facts.cognitoTier, activeUsers) : 0;

  const ingestGb = (invocations * a.logBytesPerInvocation + apiRequests * a.accessLogBytesPerRequest) / GB;
  const storedLogGb = ingestGb * (typicalRetentionDays(facts) / 30) * a.logCompression;
  const logs = ingestGb * PRICES.logs.ingestGb + storedLogGb * PRICES.logs.storageGbMonth;

  const monitoring = facts.alarms * PRICES.cloudwatch.alarmMonth + facts.dashboards * PRICES.cloudwatch.dashboardMonth
    + (facts.alarms || facts.dashboards ? a.customMetrics * PRICES.cloudwatch.customMetricMonth : 0);

  const waf = facts.webAcls.reduce((sum, acl) => sum + PRICES.waf.webAclMonth + acl.rules * PRICES.waf.ruleMonth, 0)
    + (facts.webAcls.length ? (cdnRequests / MILLION) * PRICES.waf.perMillionRequests : 0);

  const traced = facts.functions.some((f) => f.tracing) ? apiRequests * a.xraySampleShare : 0;
  const xray = (traced / MILLION) * PRICES.xray.perMillionTraces;

  const services: Record<Service, number> = {
    Lambda: lambda, 'API Gateway': api, DynamoDB: dynamodb, S3: s3, CloudFront: cloudfront, Cognito: cognito,
    'CloudWatch Logs': logs, 'CloudWatch alarms, dashboards, metrics': monitoring, WAF: waf, 'X-Ray': xray,
  };
  const total = Object.values(services).reduce((x, y) => x + y, 0);
  return { scenario, activeUsers, apiRequests, services, total, revenue: (scenario.paying * 12) / 12 };
}
