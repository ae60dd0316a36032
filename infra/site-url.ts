import type { EnvironmentConfig } from './environments';

/** Where the site is served, as the other stacks must know it (CORS, OAuth callbacks, SITE_URL). */
export interface Site {
  /** `https://host`, no trailing slash; a deploy-time token when it is CloudFront's own domain. */
  url: string;
  /** The site origin plus local dev servers (dev only). */
  origins: string[];
}

/**
 * With a certificate the site is served at `env.siteUrl`; without one, at the distribution's
 * `*.cloudfront.net` domain, known only at deploy time. Using that domain (a CloudFormation
 * reference to the web stack, deployed first) makes the first deploy a working site.
 */
export function siteOf(env: EnvironmentConfig, distributionDomainName: string): Site {
  const url = env.certificateArn ? env.siteUrl : `https://${distributionDomainName}`;
  return { url, origins: [url, ...env.extraCallbackOrigins] };
}
