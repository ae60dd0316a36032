import { describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MAX_LENGTH, displayNameOf, normalizeDisplayName } from './display-name';

describe('display name', () => {
  it('trims, folds white space and drops control characters', () => {
    expect(normalizeDisplayName('  Ada \t\n Lovelace\u0000 ')).toBe('Ada Lovelace');
    expect(normalizeDisplayName('   ')).toBe('');
  });

  it('cuts by the one cut rule: whole graphemes within the limit in UTF-16 code units', () => {
    const emoji = '🧮'.repeat(DISPLAY_NAME_MAX_LENGTH);
    expect(normalizeDisplayName(emoji)).toBe('🧮'.repeat(DISPLAY_NAME_MAX_LENGTH / 2));
    expect(/[\uD800-\uDBFF]$/.test(normalizeDisplayName(`${'a'.repeat(DISPLAY_NAME_MAX_LENGTH - 1)}😀😀`))).toBe(false);
    // A letter keeps its combining accent, and a ZWJ sequence is kept whole or not at all.
    expect(normalizeDisplayName(`${'a'.repeat(DISPLAY_NAME_MAX_LENGTH - 1)}e\u0301`)).toBe('a'.repeat(DISPLAY_NAME_MAX_LENGTH - 1));
    const family = '👩\u200D👩\u200D👧';
    expect(normalizeDisplayName(`${'a'.repeat(DISPLAY_NAME_MAX_LENGTH - 4)}${family}`)).toBe('a'.repeat(DISPLAY_NAME_MAX_LENGTH - 4));
    expect(normalizeDisplayName(`Ada ${family}`)).toBe(`Ada ${family}`);
  });

  it('falls back to the e-mail', () => {
    expect(displayNameOf({ name: ' ', email: 'a@example.com' })).toBe('a@example.com');
    expect(displayNameOf({ name: 'Ada', email: 'a@example.com' })).toBe('Ada');
  });
});
