import { describe, expect, it } from 'vitest';
import { PRODUCTION_SITE_ORIGIN, isLoopbackOrigin, originToMatchPattern, parseOriginList } from './site-origins';

describe('site origins', () => {
  it('tells loopback origins from public ones', () => {
    for (const o of ['http://localhost:5173', 'http://127.0.0.1:5173', 'http://127.1.2.3', 'http://app.localhost', 'http://[::1]:5173']) expect(isLoopbackOrigin(o), o).toBe(true);
    for (const o of [PRODUCTION_SITE_ORIGIN, 'https://localhost.example', 'http://10.0.0.1']) expect(isLoopbackOrigin(o), o).toBe(false);
  });
  it('parses a comma-separated env value into distinct origins', () => {
    expect(parseOriginList(' https://a.example/path , http://127.0.0.1:8080,https://a.example ')).toEqual(['https://a.example', 'http://127.0.0.1:8080']);
    expect(parseOriginList('')).toEqual([]);
    expect(parseOriginList(undefined)).toEqual([]);
  });
  it('rejects values that are not http(s) origins', () => {
    expect(() => parseOriginList('not a url')).toThrow('Not an origin');
  });
  it('keeps the port in the match pattern', () => {
    expect(originToMatchPattern('http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173/*');
    expect(originToMatchPattern('https://www.example.com')).toBe('https://www.example.com/*');
  });
});
