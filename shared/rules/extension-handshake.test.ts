import { describe, expect, it } from 'vitest';
import { isExtensionId, isHandshakeSkipped, lastPathSegment } from './extension-handshake';

describe('handshake page rule', () => {
  it('finds the last path segment', () => {
    expect(lastPathSegment('/')).toBe('');
    expect(lastPathSegment('/account')).toBe('account');
    expect(lastPathSegment('/a/_test/')).toBe('_test');
  });
  it('skips the handshake when the last segment starts with an underscore', () => {
    expect(isHandshakeSkipped('/_test')).toBe(true);
    expect(isHandshakeSkipped('/docs/_internal')).toBe(true);
    expect(isHandshakeSkipped('/_test/page')).toBe(false);
    expect(isHandshakeSkipped('/account')).toBe(false);
    expect(isHandshakeSkipped('/')).toBe(false);
  });
  it('recognises extension ids', () => {
    expect(isExtensionId('abcdefghijklmnopabcdefghijklmnop')).toBe(true);
    expect(isExtensionId('abcdefghijklmnopabcdefghijklmnoz')).toBe(false);
    expect(isExtensionId('abc')).toBe(false);
    expect(isExtensionId('ABCDEFGHIJKLMNOPABCDEFGHIJKLMNOP')).toBe(false);
  });
});
