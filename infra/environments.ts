import { GB, MB } from '#shared/rules/byte-size';
import type { StorageLimits } from '#shared/rules/storage-quota';

/**
 * Per-environment settings, selected with `cdk deploy -c env=NAME`. Everything a deployment needs
 * lives here (or in the untracked override file, see infra/environment-overrides.ts), never in
 * one-off `-c` flags, so a plain `cdk deploy -c env=master` always deploys the same domain,
 * sender, identity providers and alarms. Secrets are never here, only the names they are stored under.
 */
export interface EnvironmentConfig {
  name: 'dev' | 'staging' | 'master';
  /**
   * AWS account and region the stacks are pinned to (a deploy with other credentials fails).
   * Unset: environment-agnostic stacks (the CLI credentials decide). Required for staging/master.
   */
  account?: string;
  region?: string;
  /**
   * The site's URL. It is the public URL only together with `certificateArn`; without a
   * certificate the site is served at the CloudFront domain, and that domain (a deploy-time
   * value) is used for CORS, OAuth callbacks and SITE_URL instead (see infra/site-url.ts).
   */
  siteUrl: string;
  /** ACM certificate in us-east-1 for the host of `siteUrl`. Required for staging/master. */
  certificateArn?: string;
  /** Extra local origins allowed as OAuth callbacks and by CORS (dev only). */
  extraCallbackOrigins: string[];
  /** Prefix of the Cognito managed-login domain: `<prefix>.auth.<region>.amazoncognito.com`. */
  authDomainPrefix: string;
  /** Data survives stack deletion. */
  retainData: boolean;
  /** API Gateway throttling of the whole stage (requests per second, burst). */
  throttle: { rateLimit: number; burstLimit: number };
  /** Tighter throttling of each route callable without a token (invites, contact form, webhook). */
  publicRouteThrottle: { rateLimit: number; burstLimit: number };
  /** Reserved concurrency of each function behind a public route, so they cannot use up the account. */
  publicRouteConcurrency: number;
  /** WAF rate rule: requests per 5 minutes per client IP at CloudFront. */
  wafRateLimitPer5Min: number;
  /**
   * The image library's storage limit per user in bytes, by plan (Enterprise seats count as
   * Premium). Reaches the functions as STORAGE_LIMIT_BASIC_BYTES / _PREMIUM_BYTES; the cost model
   * prices a full library with them. Defaults and their cost: docs/images.md "Storage quota".
   */
  storageLimits: StorageLimits;
  /** Stripe dashboard links use /test outside master. */
  stripeLiveMode: boolean;
  /** Allowed extension origins for the `next` parameter and the bridge. */
  extensionOrigins: string[];
  /** CloudWatch Logs retention of Lambda and API access logs, in days (a value CloudWatch accepts). */
  logRetentionDays: 7 | 14 | 30 | 90 | 180 | 365;
  /**
   * Cognito "Plus" feature plan with threat protection enforced (adaptive authentication,
   * compromised-credential checks). Billed per MAU, so only where real customers sign in.
   */
  threatProtection: boolean;
  /** Sender of product e-mail (invitations, contact notices); its domain must be an SES identity. */
  emailFrom: string;
  /**
   * Region of the verified SES identity of `emailFrom`. When set, Cognito sends its mail
   * (verification codes, password resets) through SES from `emailFrom`; unset, Cognito's own
   * sender is used (50 mails a day: dev only). Required for staging/master.
   */
  sesRegion?: string;
  /**
   * Google sign-in. The client secret is read by CloudFormation from the Secrets Manager secret
   * `clientSecretName` (Cognito identity providers accept no `ssm-secure` reference).
   */
  google?: { clientId: string; clientSecretName: string };
  /** Where alarms and budget alerts go (an SNS e-mail subscription, confirmed once by mail). */
  alarmEmail: string;
  /** Monthly AWS Budgets limit in USD; alerts at 80 % actual and 100 % forecast. */
  monthlyBudgetUsd: number;
  /** Mailing-list JSONP endpoint (post-json) for the newsletter form; its origin joins script-src. */
  newsletterUrl?: string;
  /** Support address shown by the site (config.json `supportEmail`). */
  supportEmail?: string;
  /** Extra Content-Security-Policy sources (analytics, newsletter provider, embedded forms). */
  csp?: { scriptSrc?: string[]; connectSrc?: string[]; frameSrc?: string[]; imgSrc?: string[] };
}

/*
 * Domains and extension ids below are placeholders until the real ones are registered: the
 * `.example` domains and the one-letter extension ids (Chrome ids are 32 letters a-p). Staging and
 * master refuse them at synth (infra/placeholders.ts): put the real values here, or in the
 * untracked infra/environments.local.json (see infra/README.md).
 */
/** Basic 1 GB, Premium 10 GB: at S3 Standard's $0.023/GB-month, a full Premium library costs $2.76 a year of the $12. */
const defaultStorageLimits: StorageLimits = { basicBytes: 1 * GB, premiumBytes: 10 * GB };

export const environments: Record<EnvironmentConfig['name'], EnvironmentConfig> = {
  dev: {
    name: 'dev', siteUrl: 'https://dev.fullpageshot.example', extraCallbackOrigins: ['http://localhost:5173', 'http://127.0.0.1:5173'],
    authDomainPrefix: 'fullpageshot-dev', retainData: false,
    throttle: { rateLimit: 50, burstLimit: 100 }, publicRouteThrottle: { rateLimit: 5, burstLimit: 10 }, publicRouteConcurrency: 5,
    wafRateLimitPer5Min: 1000,
    stripeLiveMode: false, extensionOrigins: ['chrome-extension://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
    // Dev keeps libraries small: test accounts pile up there and nobody pays for them.
    storageLimits: { basicBytes: 100 * MB, premiumBytes: 1 * GB },
    logRetentionDays: 14, threatProtection: false, emailFrom: 'no-reply@dev.fullpageshot.example',
    alarmEmail: 'ops@dev.fullpageshot.example', monthlyBudgetUsd: 50,
  },
  staging: {
    name: 'staging', siteUrl: 'https://staging.fullpageshot.example', extraCallbackOrigins: [],
    authDomainPrefix: 'fullpageshot-staging', retainData: false,
    throttle: { rateLimit: 100, burstLimit: 200 }, publicRouteThrottle: { rateLimit: 10, burstLimit: 20 }, publicRouteConcurrency: 10,
    wafRateLimitPer5Min: 1000,
    stripeLiveMode: false, extensionOrigins: ['chrome-extension://bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'],
    storageLimits: defaultStorageLimits,
    logRetentionDays: 30, threatProtection: false, emailFrom: 'no-reply@staging.fullpageshot.example',
    alarmEmail: 'ops@staging.fullpageshot.example', monthlyBudgetUsd: 100,
  },
  master: {
    name: 'master', siteUrl: 'https://www.fullpageshot.example', extraCallbackOrigins: [],
    authDomainPrefix: 'fullpageshot', retainData: true,
    throttle: { rateLimit: 500, burstLimit: 1000 }, publicRouteThrottle: { rateLimit: 50, burstLimit: 100 }, publicRouteConcurrency: 50,
    wafRateLimitPer5Min: 2000,
    stripeLiveMode: true, extensionOrigins: ['chrome-extension://cccccccccccccccccccccccccccccccc'],
    storageLimits: defaultStorageLimits,
    logRetentionDays: 365, threatProtection: true, emailFrom: 'no-reply@fullpageshot.example',
    alarmEmail: 'ops@fullpageshot.example', monthlyBudgetUsd: 1000,
  },
};

export function environmentFromContext(name: string | undefined): EnvironmentConfig {
  const env = environments[(name ?? 'dev') as EnvironmentConfig['name']];
  if (!env) throw new Error(`Unknown env "${name}". Use -c env=dev|staging|master`);
  return env;
}
