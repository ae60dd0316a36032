import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Node } from 'constructs';
import { readOverrides } from './environment-overrides';
import { environmentFromContext, type EnvironmentConfig } from './environments';
import { assertDeployable } from './placeholders';

/** Repository root (infra/..), so entries and dist/web resolve the same from any working directory. */
export const repoRoot = path.resolve(import.meta.dirname, '..');

/**
 * What a deployment is told from outside. The environment's settings come from
 * infra/environments.ts plus the untracked override file; the few `-c` values left are about the
 * build on this machine, never about what the environment is.
 */
export interface DeploySettings {
  env: EnvironmentConfig;
  /** Stripe price ids; when absent they are read at deploy time from SSM String parameters. */
  stripePremiumPrice?: string;
  stripeEnterprisePrice?: string;
  /** Customer managed KMS key of the Stripe SecureString parameters (default: the aws/ssm key). */
  stripeParamKmsKeyArn?: string;
  /** Folder of the built SPA to upload, or undefined to skip the upload. */
  webDist?: string;
  /**
   * 'required' (default): bundling fails when the linux-arm64 native packages (sharp) cannot be
   * installed. 'optional': the offline check (`npm run synth`) goes on without them, with a warning.
   */
  nativeModulesInstall: 'required' | 'optional';
}

const str = (node: Node, key: string): string | undefined => {
  const v = node.tryGetContext(key);
  if (v === undefined || v === null || v === '') return undefined;
  return String(v);
};

export function settingsFromContext(node: Node): DeploySettings {
  const base = environmentFromContext(str(node, 'env'));
  const env: EnvironmentConfig = { ...base, ...readOverrides(repoRoot, base.name, str(node, 'environmentsFile')) };
  env.siteUrl = env.siteUrl.replace(/\/+$/, '');
  new URL(env.siteUrl); // fails synth early on a malformed value
  assertDeployable(env);

  // dist/web (the Vite build) is uploaded when it holds a build, or when forced with -c deployWeb=true.
  const deployWeb = str(node, 'deployWeb');
  const distDir = path.resolve(repoRoot, str(node, 'webDist') ?? 'dist/web');
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (deployWeb === 'true' && !hasBuild) throw new Error(`deployWeb=true but ${distDir}/index.html does not exist; run the web build first`);
  const webDist = deployWeb === 'false' ? undefined : hasBuild ? distDir : undefined;

  return {
    env,
    stripePremiumPrice: str(node, 'stripePremiumPrice'),
    stripeEnterprisePrice: str(node, 'stripeEnterprisePrice'),
    stripeParamKmsKeyArn: str(node, 'stripeParamKmsKeyArn'),
    webDist,
    nativeModulesInstall: str(node, 'nativeModulesInstall') === 'optional' ? 'optional' : 'required',
  };
}
