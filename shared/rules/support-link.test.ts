import { describe, expect, it } from 'vitest';
import { buildSupportLink, SUPPORT_LINK_MAX_CHARS, supportLinkLimit } from './support-link';

const host = 'www.fullpage-shot.example';
const params = (link: string) => new URL(link, 'https://x.example').searchParams;

describe('buildSupportLink', () => {
  it('carries the encoded page address, error and user id', () => {
    const link = buildSupportLink({ base: '/contact', page: 'https://x.example/account?a=1&b=2', error: 'Bad thing & more', userId: 'u-1', host });
    expect(link).toBe('/contact?url=https%3A%2F%2Fx.example%2Faccount%3Fa%3D1%26b%3D2&error=Bad%20thing%20%26%20more&userId=u-1');
    expect(params(link).get('url')).toBe('https://x.example/account?a=1&b=2');
    expect(params(link).get('error')).toBe('Bad thing & more');
    expect(params(link).get('userId')).toBe('u-1');
  });

  it('appends to a base that already has a query', () => {
    expect(buildSupportLink({ base: '/contact?topic=login', page: 'p', error: 'e', userId: 'u', host })).toBe('/contact?topic=login&url=p&error=e&userId=u');
  });

  it('caps the link at 1600 characters minus the host, shortening the error first', () => {
    const limit = SUPPORT_LINK_MAX_CHARS - host.length;
    expect(supportLinkLimit(host)).toBe(limit);
    const link = buildSupportLink({ base: '/contact', page: 'https://x.example/account', error: 'é'.repeat(2000), userId: 'user-123', host });
    expect(link.length).toBeLessThanOrEqual(limit);
    expect(link.length).toBeGreaterThan(limit - 20);
    const p = params(link);
    expect(p.get('url')).toBe('https://x.example/account');
    expect(p.get('userId')).toBe('user-123');
    expect(p.get('error')!.endsWith('…')).toBe(true);
  });

  it('shortens the page address when the error alone cannot make room', () => {
    const link = buildSupportLink({ base: '/contact', page: `https://x.example/${'a'.repeat(3000)}`, error: 'boom', userId: 'user-123', host });
    expect(link.length).toBeLessThanOrEqual(supportLinkLimit(host));
    expect(params(link).get('error')).toBe('');
    expect(params(link).get('url')!.endsWith('…')).toBe(true);
    expect(params(link).get('userId')).toBe('user-123');
  });

  it('never splits an emoji or an escape sequence', () => {
    const link = buildSupportLink({ base: '/contact', page: 'p', error: '😀'.repeat(1000), userId: 'u', host });
    expect(() => decodeURIComponent(link)).not.toThrow();
    expect(link.length).toBeLessThanOrEqual(supportLinkLimit(host));
  });

  it('a longer host leaves less room', () => {
    const long = buildSupportLink({ base: '/c', page: 'p', error: 'x'.repeat(3000), userId: 'u', host: 'h'.repeat(300) });
    expect(long.length).toBeLessThanOrEqual(1300);
  });
});
