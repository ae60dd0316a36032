import { describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MAX_LENGTH, displayNameOf, normalizeDisplayName } from './display-name';

describe('display name', () => {
  it('trims, folds white space and drops control characters', () => {
    expect(normalizeDisplayName('  Ada \t\n Lovelace\u0000 ')).toBe('Ada Lovelace');
    expect(normalizeDisplayName('   ')).toBe('');
  });

  it('cuts by code points and never splits a surrogate pair', () => {
    const emoji = '🧮'.repeat(DISPLAY_NAME_MAX_LENGTH + 5);
    const cut = normalizeDisplayName(emoji);
    expect(Array.from(cut)).toHaveLength(DISPLAY_NAME_MAX_LENGTH);
    expect(cut).toBe('🧮'.repeat(DISPLAY_NAME_MAX_LENGTH));
    expect(/[\uD800-\uDBFF]$/.test(normalizeDisplayName(`${'a'.repeat(DISPLAY_NAME_MAX_LENGTH - 1)}😀😀`))).toBe(false);
  });

  it('falls back to the e-mail', () => {
    expect(displayNameOf({ name: ' ', email: 'a@example.com' })).toBe('a@example.com');
    expect(displayNameOf({ name: 'Ada', email: 'a@example.com' })).toBe('Ada');
  });
});
