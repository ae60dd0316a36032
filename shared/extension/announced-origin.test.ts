import { describe, expect, it } from 'vitest';
import { announcedExtensionOrigin } from './announced-origin';

describe('announcedExtensionOrigin', () => {
  it('takes a Firefox add-on origin and nothing else', () => {
    const origin = 'moz-extension://0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(announcedExtensionOrigin(origin)).toBe(origin);
    for (const bad of [
      null, undefined, '', `${origin}/`, `${origin}/editor.html`, 'moz-extension://not-a-uuid',
      'chrome-extension://abcdefghijklmnopabcdefghijklmnop', 'https://evil.example', `https://evil.example/?${origin}`,
      'moz-extension://0F8FAD5B-D9CB-469F-A165-70867728950E', ` ${origin}`,
    ]) expect(announcedExtensionOrigin(bad)).toBeNull();
  });
});
