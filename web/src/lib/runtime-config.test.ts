import { describe, expect, it } from 'vitest';
import { RuntimeConfig } from '#shared/config/runtime-config';
import { parseRuntimeConfig } from './runtime-config';

const local = {
  env: 'local',
  apiUrl: 'http://127.0.0.1:3001',
  siteUrl: 'http://127.0.0.1:5173',
  auth: { mode: 'password', region: 'us-east-1', userPoolId: 'local_abc', userPoolClientId: 'client', userPoolEndpoint: 'http://127.0.0.1:9229', googleEnabled: false },
  extensionOrigins: ['chrome-extension://abcdefghijklmnopabcdefghijklmnop'],
  outboxUrl: 'http://127.0.0.1:3001/_local/outbox',
};
const hosted = {
  env: 'master',
  apiUrl: 'https://api.example.com/',
  siteUrl: 'https://www.example.com',
  auth: { mode: 'hosted', region: 'us-east-1', userPoolId: 'us-east-1_X', userPoolClientId: 'c', oauthDomain: 'auth.example.com', googleEnabled: true },
  extensionOrigins: [],
  stripeLiveMode: true,
  supportEmail: 'help@example.com',
};

describe('parseRuntimeConfig', () => {
  it('agrees with the shared zod schema (defaults included)', () => {
    for (const raw of [local, hosted]) {
      const zod = RuntimeConfig.parse(raw);
      expect(parseRuntimeConfig(raw)).toEqual({ ...zod, apiUrl: zod.apiUrl.replace(/\/+$/, ''), outboxUrl: zod.outboxUrl, newsletterUrl: zod.newsletterUrl, auth: { ...zod.auth } });
    }
  });

  it('without a supportEmail names the address every other page uses (issue #31 §5: not .example)', () => {
    expect(parseRuntimeConfig(local).supportEmail).toBe('support@fullpageshot.com');
    expect(RuntimeConfig.parse(local).supportEmail).toBe('support@fullpageshot.com');
  });

  it('refuses configs the site cannot work with', () => {
    expect(() => parseRuntimeConfig(null)).toThrow(/not an object/);
    expect(() => parseRuntimeConfig({ ...local, env: 'prod' })).toThrow(/unknown env/);
    expect(() => parseRuntimeConfig({ ...local, auth: { ...local.auth, mode: 'magic' } })).toThrow(/auth.mode/);
    expect(() => parseRuntimeConfig({ ...hosted, auth: { ...hosted.auth, oauthDomain: undefined } })).toThrow(/oauthDomain/);
    expect(() => parseRuntimeConfig({ ...local, extensionOrigins: 'x' })).toThrow(/extensionOrigins/);
    expect(() => parseRuntimeConfig({ ...local, apiUrl: '' })).toThrow(/apiUrl/);
  });
});
