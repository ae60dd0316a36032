import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Node } from 'constructs';
import { environmentFromContext, type EnvironmentConfig } from './environments';

/** Repository root (infra/..), so entries and dist/web resolve the same from any working directory. */
export const repoRoot = path.resolve(import.meta.dirname, '..');

/**
 * Everything a deployment can be told from outside: `-c key=value` on the command line or the
 * `context` block of cdk.json. All of it is read at synth time without AWS calls; secrets are
 * never context values, only the names under which they are stored.
 */
export interface DeploySettings {
  env: EnvironmentConfig;
  /** Google OAuth client id; the Google identity provider exists only when this is set. */
  googleClientId?: string;
  /** ACM certificate (us-east-1) for the site host; without it CloudFront serves its own domain. */
  certificateArn?: string;
  /** Stripe price ids; when absent they are read at deploy time from SSM String parameters. */
  stripePremiumPrice?: string;
  stripeEnterprisePrice?: string;
  /** Customer managed KMS key of the Stripe SecureString parameters (default: the aws/ssm key). */
  stripeParamKmsKeyArn?: string;
  /** Folder of the built SPA to upload, or undefined to skip the upload. */
  webDist?: string;
  /** Mailing-list JSONP endpoint (post-json) for the newsletter form. */
  newsletterUrl?: string;
  /** Support address shown by the site (config.json `supportEmail`). */
  supportEmail?: string;
}

const str = (node: Node, key: string): string | undefined => {
  const v = node.tryGetContext(key);
  if (v === undefined || v === null || v === '') return undefined;
  return String(v);
};

const list = (node: Node, key: string): string[] | undefined => {
  const v = node.tryGetContext(key);
  if (v === undefined || v === null || v === '') return undefined;
  const items = Array.isArray(v) ? v.map(String) : String(v).split(',');
  return items.map((s) => s.trim()).filter(Boolean);
};

export function settingsFromContext(node: Node): DeploySettings {
  const base = environmentFromContext(str(node, 'env'));
  const siteUrl = str(node, 'siteUrl')?.replace(/\/+$/, '');
  const env: EnvironmentConfig = {
    ...base,
    ...(siteUrl ? { siteUrl } : {}),
    extensionOrigins: list(node, 'extensionOrigins') ?? base.extensionOrigins,
    emailFrom: str(node, 'emailFrom') ?? base.emailFrom,
  };
  new URL(env.siteUrl); // fails synth early on a malformed override

  // dist/web (the Vite build) is uploaded when it holds a build, or when forced with -c deployWeb=true.
  const deployWeb = str(node, 'deployWeb');
  const distDir = path.resolve(repoRoot, str(node, 'webDist') ?? 'dist/web');
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (deployWeb === 'true' && !hasBuild) throw new Error(`deployWeb=true but ${distDir}/index.html does not exist; run the web build first`);
  const webDist = deployWeb === 'false' ? undefined : hasBuild ? distDir : undefined;

  return {
    env,
    googleClientId: str(node, 'googleClientId'),
    certificateArn: str(node, 'certificateArn'),
    stripePremiumPrice: str(node, 'stripePremiumPrice'),
    stripeEnterprisePrice: str(node, 'stripeEnterprisePrice'),
    stripeParamKmsKeyArn: str(node, 'stripeParamKmsKeyArn'),
    webDist,
    newsletterUrl: str(node, 'newsletterUrl'),
    supportEmail: str(node, 'supportEmail'),
  };
}
