import { describe, expect, it } from 'vitest';
import { isSafeRedirectPath } from './redirect-path';

describe('isSafeRedirectPath', () => {
  it.each(['/', '/account', '/connect?signin=1', '/account?org=success#x'])('accepts %s', (p) => {
    expect(isSafeRedirectPath(p)).toBe(true);
  });
  it.each(['', 'account', '//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '/a\\b', '/a\nb', null, undefined])(
    'refuses %j',
    (p) => {
      expect(isSafeRedirectPath(p)).toBe(false);
    },
  );
});
