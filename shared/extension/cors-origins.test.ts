import { describe, expect, it } from 'vitest';
import { corsAllows, extensionCorsOrigins, FIREFOX_ADDON_ORIGINS } from './cors-origins';

describe('extension CORS origins', () => {
  const allowed = ['https://www.fullpageshot.example', ...extensionCorsOrigins(['chrome-extension://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'])];

  it("allows the site, the listed Chrome extension and any Firefox add-on's random origin", () => {
    expect(allowed).toContain(FIREFOX_ADDON_ORIGINS);
    expect(corsAllows(allowed, 'https://www.fullpageshot.example')).toBe(true);
    expect(corsAllows(allowed, 'chrome-extension://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).toBe(true);
    expect(corsAllows(allowed, 'moz-extension://0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
  });

  it('allows nothing else: other Chrome extensions, other sites, a bare scheme', () => {
    expect(corsAllows(allowed, 'chrome-extension://bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb')).toBe(false);
    expect(corsAllows(allowed, 'https://evil.example')).toBe(false);
    expect(corsAllows(allowed, 'https://moz-extension.evil.example')).toBe(false);
    expect(corsAllows(allowed, 'moz-extension://')).toBe(false);
  });
});
