import { useSyncExternalStore } from 'react';
import type { RuntimeConfig } from '#shared/config/runtime-config';
import { SUPPORT_EMAIL } from '#shared/domain/support-email';

/**
 * The runtime `/config.json` (schema: shared/config/runtime-config.ts), written at deploy time and
 * by the local stack, so one built bundle serves every environment. Read once per page load; a
 * failed read is not cached, so the next caller tries again.
 *
 * Every page reads it (the extension handshake needs `extensionOrigins`), so it is checked here by
 * hand instead of with the zod schema: zod stays out of the marketing pages' bundle. The unit test
 * keeps this check and the schema in step.
 */

class RuntimeConfigError extends Error {
  constructor(message: string) {
    super(`config.json: ${message}`);
    this.name = 'RuntimeConfigError';
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function str(o: Record<string, unknown>, key: string, where = ''): string {
  const v = o[key];
  if (typeof v !== 'string' || !v) throw new RuntimeConfigError(`${where}${key} must be a non-empty string`);
  return v;
}
const optStr = (o: Record<string, unknown>, key: string) => (typeof o[key] === 'string' && o[key] ? (o[key] as string) : undefined);

/** Checks the fields the site relies on and fills the schema's defaults. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (!isRecord(raw)) throw new RuntimeConfigError('not an object');
  const env = str(raw, 'env');
  if (!['local', 'dev', 'staging', 'master'].includes(env)) throw new RuntimeConfigError(`unknown env ${env}`);
  const auth = raw.auth;
  if (!isRecord(auth)) throw new RuntimeConfigError('auth missing');
  const mode = str(auth, 'mode', 'auth.');
  if (mode !== 'hosted' && mode !== 'password') throw new RuntimeConfigError(`unknown auth.mode ${mode}`);
  if (mode === 'hosted' && !optStr(auth, 'oauthDomain')) throw new RuntimeConfigError('auth.oauthDomain is required in hosted mode');
  const origins = raw.extensionOrigins;
  if (!Array.isArray(origins) || !origins.every((o) => typeof o === 'string')) {
    throw new RuntimeConfigError('extensionOrigins must be a list of strings');
  }
  return {
    env: env as RuntimeConfig['env'],
    apiUrl: str(raw, 'apiUrl').replace(/\/+$/, ''),
    siteUrl: str(raw, 'siteUrl').replace(/\/+$/, ''),
    auth: {
      mode,
      region: str(auth, 'region', 'auth.'),
      userPoolId: str(auth, 'userPoolId', 'auth.'),
      userPoolClientId: str(auth, 'userPoolClientId', 'auth.'),
      userPoolEndpoint: optStr(auth, 'userPoolEndpoint'),
      oauthDomain: optStr(auth, 'oauthDomain'),
      googleEnabled: auth.googleEnabled === true,
    },
    extensionOrigins: origins as string[],
    newsletterUrl: optStr(raw, 'newsletterUrl'),
    stripeLiveMode: raw.stripeLiveMode === true,
    outboxUrl: optStr(raw, 'outboxUrl'),
    supportEmail: optStr(raw, 'supportEmail') ?? SUPPORT_EMAIL,
  };
}

let pending: Promise<RuntimeConfig> | undefined;
let current: RuntimeConfig | undefined;
const listeners = new Set<() => void>();

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  if (current) return Promise.resolve(current);
  pending ??= fetch('/config.json', { headers: { accept: 'application/json' }, cache: 'no-store' })
    .then(async (res) => {
      if (!res.ok) throw new RuntimeConfigError(`HTTP ${res.status}`);
      current = parseRuntimeConfig(await res.json());
      listeners.forEach((l) => l());
      return current;
    })
    .catch((e: unknown) => {
      pending = undefined;
      console.error('Could not read /config.json', e);
      throw e;
    });
  return pending;
}

/** The config if it has been read already (synchronous). */
const getRuntimeConfig = (): RuntimeConfig | undefined => current;

/** Tests: start from a given config (or none). */
export function setRuntimeConfigForTests(config: RuntimeConfig | undefined): void {
  current = config;
  pending = undefined;
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!current) loadRuntimeConfig().catch(() => {}); // logged by loadRuntimeConfig
  return () => {
    listeners.delete(listener);
  };
}

/** The runtime config, or undefined while it loads. */
export function useRuntimeConfig(): RuntimeConfig | undefined {
  return useSyncExternalStore(subscribe, getRuntimeConfig, getRuntimeConfig);
}

/** Non-production builds show debugging aids (spec: the account page's DEBUG block). */
export const isNonProduction = (config: RuntimeConfig | undefined): boolean =>
  import.meta.env.DEV || (!!config && config.env !== 'master');
