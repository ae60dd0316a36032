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
}

export const environments: Record<EnvironmentConfig['name'], EnvironmentConfig> = {
  dev: {
    name: 'dev', siteUrl: 'https://dev.fullpageshot.example', extraCallbackOrigins: ['http://localhost:5173', 'http://127.0.0.1:5173'],
    authDomainPrefix: 'fullpageshot-dev', retainData: false, throttle: { rateLimit: 50, burstLimit: 100 },
    stripeLiveMode: false, extensionOrigins: ['chrome-extension://fpsdevextensionidaaaaaaaaaaaaaaaa'],
  },
  staging: {
    name: 'staging', siteUrl: 'https://staging.fullpageshot.example', extraCallbackOrigins: [],
    authDomainPrefix: 'fullpageshot-staging', retainData: false, throttle: { rateLimit: 100, burstLimit: 200 },
    stripeLiveMode: false, extensionOrigins: ['chrome-extension://fpsstagingextensionidaaaaaaaaaaaa'],
  },
  master: {
    name: 'master', siteUrl: 'https://www.fullpageshot.example', extraCallbackOrigins: [],
    authDomainPrefix: 'fullpageshot', retainData: true, throttle: { rateLimit: 500, burstLimit: 1000 },
    stripeLiveMode: true, extensionOrigins: ['chrome-extension://fpsproductionextensionidaaaaaaaaa'],
  },
};

export function environmentFromContext(name: string | undefined): EnvironmentConfig {
  const env = environments[(name ?? 'dev') as EnvironmentConfig['name']];
  if (!env) throw new Error(`Unknown env "${name}". Use -c env=dev|staging|master`);
  return env;
}
