import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE_ORIGINS, parseOriginList } from '#shared/extension/site-origins';
import { environments } from '../../infra/environments';
import { handleBridgeMessage, type BridgeDeps } from './bridge';

const SITE = 'http://127.0.0.1:5173';
const login = { userId: 'u1', orgId: '', expires: 2_000_000_000, status: 'active', sub_created: 1_700_000_000 };

function deps(): BridgeDeps & { saved: unknown[] } {
  const saved: unknown[] = [];
  return { allowedOrigins: [SITE], version: '1.2.3', saved, saveLogin: vi.fn(async (l) => void saved.push(l)) };
}

describe('handleBridgeMessage', () => {
  it('answers the handshake with the version', async () => {
    const d = deps();
    expect(await handleBridgeMessage(SITE, { source: 'fps-site', type: 'handshake', id: 'h1' }, d)).toEqual({
      source: 'fps-extension', type: 'handshake-ok', id: 'h1', version: '1.2.3',
    });
  });

  it('stores a valid login and replies with its status', async () => {
    const d = deps();
    const reply = await handleBridgeMessage(SITE, { source: 'fps-site', type: 'login', id: 'l1', payload: login }, d);
    expect(reply).toEqual({ source: 'fps-extension', type: 'login-success', id: 'l1', status: 'active' });
    expect(d.saved).toEqual([login]);
  });

  it('logs out on an empty payload', async () => {
    const d = deps();
    const reply = await handleBridgeMessage(SITE, { source: 'fps-site', type: 'login', id: 'l2', payload: {} }, d);
    expect(reply).toMatchObject({ type: 'login-success', status: '' });
    expect(d.saved).toEqual([null]);
  });

  it('ignores other origins', async () => {
    const d = deps();
    expect(await handleBridgeMessage('http://localhost:5173', { source: 'fps-site', type: 'login', id: 'x', payload: login }, d)).toBeNull();
    expect(await handleBridgeMessage('https://evil.example', { source: 'fps-site', type: 'handshake', id: 'x' }, d)).toBeNull();
    expect(d.saved).toEqual([]);
  });

  it('ignores malformed messages and payloads', async () => {
    const d = deps();
    for (const bad of [null, 'login', { type: 'login' }, { source: 'fps-site', type: 'login', id: 'x', payload: { userId: 'u' } }, { source: 'other', type: 'handshake', id: 'x' }]) {
      expect(await handleBridgeMessage(SITE, bad, d)).toBeNull();
    }
    expect(d.saved).toEqual([]);
  });
});

/**
 * The origins each environment's extension build accepts: the env's site (environments.ts), plus
 * the local dev servers in dev; the default (store) build carries the production site.
 */
const envOrigins = Object.values(environments).map((env) => ({
  name: env.name,
  origins: parseOriginList([env.siteUrl, ...env.extraCallbackOrigins].join(',')),
}));

/** Origins that look like `origin` but are not it. */
function lookalikes(origin: string): string[] {
  const u = new URL(origin);
  const other = u.protocol === 'https:' ? 'http:' : 'https:';
  return [
    `${origin}.evil.example`,
    `${u.protocol}//evil.${u.host}`,
    `${u.protocol}//${u.hostname}.evil.example${u.port ? `:${u.port}` : ''}`,
    `${other}//${u.host}`,
    `${u.protocol}//${u.hostname}:${Number(u.port || (u.protocol === 'https:' ? 443 : 80)) + 1}`,
    `${origin}/`,
    `${origin} `,
    origin.toUpperCase(),
    `${u.protocol}//user@${u.host}`,
    'null',
    '',
    'chrome-extension://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    'chrome-extension://pppppppppppppppppppppppppppppppp',
    'https://evil.example',
    'file://',
  ];
}

describe('the login message is taken only from the site origins of each environment', () => {
  const loginFrom = (origin: string, d: BridgeDeps) =>
    handleBridgeMessage(origin, { source: 'fps-site', type: 'login', id: 'l', payload: login }, d);

  describe.each(envOrigins)('$name build', ({ name, origins }) => {
    const depsFor = () => ({ ...deps(), allowedOrigins: origins });

    it.each(origins)('accepts %s', async (origin) => {
      const d = depsFor();
      expect(await loginFrom(origin, d)).toMatchObject({ type: 'login-success' });
      expect(d.saved).toEqual([login]);
    });

    it.each(origins.flatMap((o) => lookalikes(o).map((l) => [o, l])))('for %s refuses the look-alike %j', async (_, fake) => {
      const d = depsFor();
      expect(await loginFrom(fake, d)).toBeNull();
      // Not even the handshake answers (it would reveal that the extension is installed).
      expect(await handleBridgeMessage(fake, { source: 'fps-site', type: 'handshake', id: 'h' }, d)).toBeNull();
      expect(d.saved).toEqual([]);
    });

    it("refuses the other environments' sites", async () => {
      const d = depsFor();
      for (const other of envOrigins.filter((e) => e.name !== name).flatMap((e) => e.origins)) {
        if (!origins.includes(other)) expect(await loginFrom(other, d)).toBeNull();
      }
      expect(d.saved).toEqual([]);
    });
  });

  it('the default (store) build accepts the production site of environments.ts', () => {
    expect(DEFAULT_SITE_ORIGINS).toContain(new URL(environments.master.siteUrl).origin);
  });

  it('an origin list never admits the opaque "null" origin (sandboxed frames, data: pages)', () => {
    expect(() => parseOriginList('null')).toThrow();
    expect(() => parseOriginList('data:text/html,x')).toThrow();
  });
});
