/** Per-environment settings, selected with `cdk deploy -c env=NAME`. */
export interface EnvironmentConfig {
  name: 'dev' | 'staging' | 'master';
  /** Site origin(s) allowed by CORS and Cognito callbacks. */
  siteUrl: string;
  /** Extra local origins allowed as OAuth callbacks (dev only). */
  extraCallbackOrigins: string[];
  /** Prefix of the Cognito managed-login domain: `<prefix>.auth.<region>.amazoncognito.com`. */
  authDomainPrefix: string;
  /** Data survives stack deletion. */
  retainData: boolean;
  /** API Gateway throttling. */
  throttle: { rateLimit: number; burstLimit: number };
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
  /** Extra Content-Security-Policy sources (analytics, newsletter provider, embedded forms). */
  csp?: { scriptSrc?: string[]; connectSrc?: string[]; frameSrc?: string[]; imgSrc?: string[] };
}

/*
 * Domains and extension ids below are placeholders until the real ones are registered: the
 * `.example` domains and the all-`a` extension ids (Chrome ids are 32 letters a-p). Override the
 * site with `-c siteUrl=...` and the extension origins with `-c extensionOrigins=a,b` (see
 * infra/README.md) without editing this file.
 */
export const environments: Record<EnvironmentConfig['name'], EnvironmentConfig> = {
  dev: {
    name: 'dev', siteUrl: 'https://dev.fullpageshot.example', extraCallbackOrigins: ['http://localhost:5173', 'http://127.0.0.1:5173'],
    authDomainPrefix: 'fullpageshot-dev', retainData: false, throttle: { rateLimit: 50, burstLimit: 100 },
    stripeLiveMode: false, extensionOrigins: ['chrome-extension://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
    logRetentionDays: 14, threatProtection: false, emailFrom: 'no-reply@dev.fullpageshot.example',
  },
  staging: {
    name: 'staging', siteUrl: 'https://staging.fullpageshot.example', extraCallbackOrigins: [],
    authDomainPrefix: 'fullpageshot-staging', retainData: false, throttle: { rateLimit: 100, burstLimit: 200 },
    stripeLiveMode: false, extensionOrigins: ['chrome-extension://bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'],
    logRetentionDays: 30, threatProtection: false, emailFrom: 'no-reply@staging.fullpageshot.example',
  },
  master: {
    name: 'master', siteUrl: 'https://www.fullpageshot.example', extraCallbackOrigins: [],
    authDomainPrefix: 'fullpageshot', retainData: true, throttle: { rateLimit: 500, burstLimit: 1000 },
    stripeLiveMode: true, extensionOrigins: ['chrome-extension://cccccccccccccccccccccccccccccccc'],
    logRetentionDays: 365, threatProtection: true, emailFrom: 'no-reply@fullpageshot.example',
  },
};

export function environmentFromContext(name: string | undefined): EnvironmentConfig {
  const env = environments[(name ?? 'dev') as EnvironmentConfig['name']];
  if (!env) throw new Error(`Unknown env "${name}". Use -c env=dev|staging|master`);
  return env;
}
