import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE_ORIGINS, parseOriginList } from '#shared/extension/site-origins';
import { handleBridgeMessage, type BridgeDeps } from '../../extension/frame/bridge';
import { environments } from '../../infra/environments';

/**
 * The extension's bridge against each environment of the CDK app: a cross-cutting check (extension
 * × infra/environments.ts), so it lives here rather than beside the bridge.
 */

const login = { userId: 'u1', orgId: '', expires: 2_000_000_000, status: 'active', sub_created: 1_700_000_000 };

function deps(): BridgeDeps & { saved: unknown[] } {
  const saved: unknown[] = [];
  return {
    allowedOrigins: [], version: '1.2.3', saved, saveLogin: vi.fn(async (l) => void saved.push(l)),
    listCaptures: vi.fn(async () => []), exportCapture: vi.fn(async () => null),
  };
}

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
      // Nor does it list or hand over captures (Add from extension).
      expect(await handleBridgeMessage(fake, { source: 'fps-site', type: 'list-captures', id: 'q' }, d)).toBeNull();
      expect(await handleBridgeMessage(fake, { source: 'fps-site', type: 'get-capture', id: 'q', captureId: 'c' }, d)).toBeNull();
      expect(d.saved).toEqual([]);
      expect(d.listCaptures).not.toHaveBeenCalled();
      expect(d.exportCapture).not.toHaveBeenCalled();
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
