import { describe, expect, it } from 'vitest';
import { isAllowedNextUrl } from './next-url';

const allowed = ['chrome-extension://abcdefghijklmnopabcdefghijklmnop', 'extension://edgeid'];

describe('isAllowedNextUrl', () => {
  it('accepts an allowed origin exactly', () => {
    expect(isAllowedNextUrl('chrome-extension://abcdefghijklmnopabcdefghijklmnop', allowed)).toBe(true);
  });
  it('accepts an allowed origin followed by a slash and a path', () => {
    expect(isAllowedNextUrl('chrome-extension://abcdefghijklmnopabcdefghijklmnop/', allowed)).toBe(true);
    expect(isAllowedNextUrl('chrome-extension://abcdefghijklmnopabcdefghijklmnop/editor.html?id=1', allowed)).toBe(true);
    expect(isAllowedNextUrl('extension://edgeid/editor.html', allowed)).toBe(true);
  });
  it('refuses other extensions, even ones sharing the prefix', () => {
    expect(isAllowedNextUrl('chrome-extension://evilevilevilevilevilevilevilevil/editor.html', allowed)).toBe(false);
    expect(isAllowedNextUrl('chrome-extension://abcdefghijklmnopabcdefghijklmnopX/editor.html', allowed)).toBe(false);
    expect(isAllowedNextUrl('chrome-extension://abcdefghijklmnopabcdefghijklmnop.evil.example/', allowed)).toBe(false);
  });
  it('refuses web addresses and addresses that merely contain an allowed origin', () => {
    expect(isAllowedNextUrl('https://evil.example/', allowed)).toBe(false);
    expect(isAllowedNextUrl('https://evil.example/chrome-extension://abcdefghijklmnopabcdefghijklmnop/', allowed)).toBe(false);
    expect(isAllowedNextUrl(' chrome-extension://abcdefghijklmnopabcdefghijklmnop/', allowed)).toBe(false);
    expect(isAllowedNextUrl('javascript:alert(1)', allowed)).toBe(false);
  });
  it('refuses empty values and an empty allow-list', () => {
    expect(isAllowedNextUrl('', allowed)).toBe(false);
    expect(isAllowedNextUrl(null, allowed)).toBe(false);
    expect(isAllowedNextUrl(undefined, allowed)).toBe(false);
    expect(isAllowedNextUrl('chrome-extension://abcdefghijklmnopabcdefghijklmnop/', [])).toBe(false);
    expect(isAllowedNextUrl('/anything', [''])).toBe(false);
  });
});
