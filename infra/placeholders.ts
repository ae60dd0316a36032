import type { EnvironmentConfig } from './environments';

/**
 * Values that only stand in until the real ones exist: reserved test domains (RFC 2606/6761) and
 * extension ids of one repeated letter. A customer-facing environment built with them would send
 * OAuth callbacks, CORS, e-mail and the extension bridge to nowhere.
 */
const PLACEHOLDER_TLDS = ['example', 'test', 'invalid', 'localhost'];

const isPlaceholderHost = (host: string) => {
  const h = host.toLowerCase().replace(/\.$/, '');
  return PLACEHOLDER_TLDS.some((tld) => h === tld || h.endsWith(`.${tld}`)) || /(^|\.)example\.(com|net|org)$/.test(h);
};

const isPlaceholderExtensionOrigin = (o: string) => /^chrome-extension:\/\/(.)\1{31}$/.test(o);

/** What is still a placeholder in `env`, as readable lines (empty when none). */
function placeholdersIn(env: EnvironmentConfig): string[] {
  const problems: string[] = [];
  const host = (url: string) => new URL(url).hostname;
  if (isPlaceholderHost(host(env.siteUrl))) problems.push(`siteUrl ${env.siteUrl} is a placeholder domain`);
  if (!env.certificateArn) problems.push('certificateArn is missing (the site must be served at its own domain)');
  for (const o of env.extensionOrigins.filter(isPlaceholderExtensionOrigin)) problems.push(`extension origin ${o} is a placeholder id`);
  if (env.extensionOrigins.length === 0) problems.push('extensionOrigins is empty');
  for (const [field, address] of [['emailFrom', env.emailFrom], ['alarmEmail', env.alarmEmail]] as const) {
    if (isPlaceholderHost(address.split('@')[1] ?? '')) problems.push(`${field} ${address} uses a placeholder domain`);
  }
  if (!env.sesRegion) problems.push('sesRegion is missing (Cognito would send with its 50-a-day default sender)');
  if (!env.account || !env.region) problems.push('account and region must be pinned');
  return problems;
}

/** Staging and master must be real: the synth stops with every placeholder listed. */
export function assertDeployable(env: EnvironmentConfig): void {
  if (env.name === 'dev') return;
  const problems = placeholdersIn(env);
  if (problems.length) {
    throw new Error(
      `Refusing to synthesise ${env.name} with placeholder settings:\n  - ${problems.join('\n  - ')}\n` +
        'Set the real values in infra/environments.ts or in the untracked infra/environments.local.json (see infra/README.md).',
    );
  }
}
