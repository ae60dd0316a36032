import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_ORIGINS, PRODUCTION_SITE_ORIGIN, originToMatchPattern, parseOriginList } from './site-origins';

describe('site origins', () => {
  it('defaults to the local dev server under both names plus production', () => {
    expect(DEFAULT_SITE_ORIGINS).toEqual(['http://127.0.0.1:5173', 'http://localhost:5173', PRODUCTION_SITE_ORIGIN]);
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
