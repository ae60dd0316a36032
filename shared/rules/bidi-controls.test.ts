import { describe, expect, it } from 'vitest';
import { stripBidiControls } from './bidi-controls';
import { normalizeDisplayName } from './display-name';

describe('bidi controls', () => {
  it('removes overrides, embeddings and isolates, keeping marks and right-to-left letters', () => {
    expect(stripBidiControls('Eve \u202Etxt.exe')).toBe('Eve txt.exe');
    for (const c of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(stripBidiControls(`a${c}b`)).toBe('ab');
    }
    expect(stripBidiControls('שלום\u200F Eve\u200E')).toBe('שלום\u200F Eve\u200E');
  });

  it('is applied to stored names (POST /account/name, sign-up)', () => {
    expect(normalizeDisplayName('Eve \u202Etxt.exe')).toBe('Eve txt.exe');
    expect(normalizeDisplayName('\u2067Mallory\u2069 ')).toBe('Mallory');
    // A name of controls only is no name.
    expect(normalizeDisplayName('\u202E\u2066')).toBe('');
  });
});
