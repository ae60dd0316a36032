import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAllowedNextUrl } from './next-url';
import { isSafeRedirectPath } from './redirect-path';
import { EVIL_HOST, OPEN_REDIRECT_ATTACKS } from '../../test/security/redirect-path-attacks';

const SITE = 'https://site.example';
const EXTENSIONS = ['chrome-extension://abcdefghijklmnopabcdefghijklmnop'];

/** Where the browser ends up if the page navigates to `path` (what react-router's navigate resolves). */
const landing = (path: string) => new URL(path, `${SITE}/auth/signin`);

/** The value the page reads when an attacker puts `raw` in the query (encoded once, as a link would). */
const asRead = (raw: string) => new URL(`${SITE}/auth/signin?redirectPath=${encodeURIComponent(raw)}`).searchParams.get('redirectPath');

describe('isSafeRedirectPath', () => {
  it.each(['/', '/account', '/connect?signin=1', '/account?org=success#x', '/checkout/account?redirectPath=%2Fx', '/a/./b', '/a/../account'])(
    'accepts the site path %s',
    (p) => {
      expect(isSafeRedirectPath(p)).toBe(true);
      expect(landing(p).origin).toBe(SITE);
    },
  );

  it.each(['account', '/a\\b', '/a\nb', 'x'.repeat(3000), null, undefined])('refuses %j', (p) => {
    expect(isSafeRedirectPath(p)).toBe(false);
  });

  // The table: each attempt is either refused, or (encoded slashes, look-alike characters) a
  // harmless path that still resolves to this site and not to a '//host'-shaped path.
  it.each(OPEN_REDIRECT_ATTACKS.map((a) => [a]))('never leaves the site for %j', (attack) => {
    const read = asRead(attack);
    expect(read).toBe(attack);
    if (!isSafeRedirectPath(read)) return;
    const target = landing(read);
    expect(target.origin).toBe(SITE);
    expect(target.pathname.startsWith('//')).toBe(false);
    expect(target.href).not.toMatch(new RegExp(`^[a-z]+://${EVIL_HOST.replace('.', '\\.')}`, 'i'));
  });

  it('refuses every attempt that names another host or a scheme outright', () => {
    const accepted = OPEN_REDIRECT_ATTACKS.filter((a) => isSafeRedirectPath(a));
    // Only paths on the site survive: encoded or look-alike characters inside a path.
    expect(accepted.every((a) => a.startsWith('/') && !a.startsWith('//'))).toBe(true);
    expect(accepted.sort()).toEqual([`/%2F${EVIL_HOST}`, `/%2F%2F${EVIL_HOST}`, `/%5C${EVIL_HOST}`, `/%09/${EVIL_HOST}`, `/／${EVIL_HOST}`, `/\u2215${EVIL_HOST}`, `/\u2044${EVIL_HOST}`, `/\uff3c${EVIL_HOST}`].sort());
  });

  it('property: any accepted string resolves on the site origin', () => {
    const pathish = fc.array(fc.constantFrom('/', '\\', '.', '%', '2', 'F', ':', '@', '\t', '\n', ' ', 'e', '／', '?', '#'), { maxLength: 12 }).map((a) => a.join(''));
    fc.assert(
      fc.property(fc.oneof(pathish, fc.string()), (s) => {
        if (!isSafeRedirectPath(s)) return;
        const target = landing(s);
        expect(target.origin).toBe(SITE);
        expect(target.pathname.startsWith('//')).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('next (the extension return address) refuses the same attempts', () => {
  it.each(OPEN_REDIRECT_ATTACKS.map((a) => [a]))('refuses %j', (attack) => {
    expect(isAllowedNextUrl(attack, EXTENSIONS)).toBe(false);
  });

  it.each([
    `${EXTENSIONS[0]}@${EVIL_HOST}/`,
    `${EXTENSIONS[0]}.${EVIL_HOST}/`,
    `${EXTENSIONS[0]}:443/`,
    `${EXTENSIONS[0]}\t/`,
    `${EXTENSIONS[0]}\\@${EVIL_HOST}`,
    `CHROME-EXTENSION://ABCDEFGHIJKLMNOPABCDEFGHIJKLMNOP/`,
    `https://${EVIL_HOST}/#${EXTENSIONS[0]}/`,
  ])('refuses the look-alike %j', (attack) => {
    expect(isAllowedNextUrl(attack, EXTENSIONS)).toBe(false);
  });

  it('an accepted next always stays inside the extension', () => {
    fc.assert(
      fc.property(fc.string(), (tail) => {
        const next = `${EXTENSIONS[0]}/${tail}`;
        if (!isAllowedNextUrl(next, EXTENSIONS)) return;
        // Node gives non-special schemes an opaque origin ('null'), so compare scheme and host.
        const u = new URL(next);
        expect(`${u.protocol}//${u.host}`).toBe(EXTENSIONS[0]);
      }),
      { numRuns: 500 },
    );
  });
});
