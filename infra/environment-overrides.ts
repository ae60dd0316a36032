import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { EnvironmentConfig } from './environments';

/**
 * Operators keep the real, not-yet-committed values of an environment (domain, certificate,
 * account, Google client, alarm address...) in an untracked JSON file keyed by environment name:
 * `infra/environments.local.json` by default, another file with `-c environmentsFile=PATH`.
 * Its fields replace those of infra/environments.ts. The file is checked with zod, so a typo
 * fails the synth instead of silently deploying the committed placeholder.
 */
export const DEFAULT_OVERRIDES_FILE = 'infra/environments.local.json';

const origin = z.string().url();
const Override = z.object({
  account: z.string().regex(/^\d{12}$/, 'a 12-digit AWS account id'),
  region: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'an AWS region such as eu-west-1'),
  siteUrl: origin,
  certificateArn: z.string().startsWith('arn:aws:acm:us-east-1:', 'CloudFront needs an ACM certificate in us-east-1'),
  extraCallbackOrigins: z.array(origin),
  authDomainPrefix: z.string().regex(/^[a-z0-9-]+$/),
  extensionOrigins: z.array(z.string().regex(/^chrome-extension:\/\/[a-p]{32}$/, 'chrome-extension://<32 letters a-p>')),
  emailFrom: z.string().email(),
  sesRegion: z.string(),
  google: z.object({ clientId: z.string().min(1), clientSecretName: z.string().min(1) }),
  alarmEmail: z.string().email(),
  monthlyBudgetUsd: z.number().positive(),
  newsletterUrl: origin,
  supportEmail: z.string().email(),
  /** The image library's limits in bytes (docs/images.md "Storage quota"). */
  storageLimits: z.object({ basicBytes: z.number().int().positive(), premiumBytes: z.number().int().positive() }).strict(),
}).partial().strict();

const OverridesFile = z.object({ dev: Override, staging: Override, master: Override }).partial().strict();

export type EnvironmentOverride = z.infer<typeof Override>;

/** The overrides for `name` from `file` (relative to the repository root), or none when it does not exist. */
export function readOverrides(repoRoot: string, name: EnvironmentConfig['name'], file?: string): EnvironmentOverride {
  const full = path.resolve(repoRoot, file ?? DEFAULT_OVERRIDES_FILE);
  if (!existsSync(full)) {
    if (file) throw new Error(`environmentsFile ${full} does not exist`);
    return {};
  }
  const parsed = OverridesFile.safeParse(JSON.parse(readFileSync(full, 'utf8')));
  if (!parsed.success) {
    throw new Error(`${full}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data[name] ?? {};
}
