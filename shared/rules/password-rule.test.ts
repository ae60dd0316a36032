import { describe, expect, it } from 'vitest';
import { isValidPassword, passwordError } from './password-rule';

describe('password rule', () => {
  it.each(['Password123', 'abcdEFGH', 'aaaaaaaA', 'Ünïcödé-pass'])('accepts %s', (p) => {
    expect(isValidPassword(p)).toBe(true);
    expect(passwordError(p)).toBeNull();
  });
  it.each([
    ['too short', 'Abcdefg'],
    ['no upper case', 'password123'],
    ['no lower case', 'PASSWORD123'],
    ['no letters', '12345678'],
    ['empty', ''],
  ])('refuses a password with %s', (_why, p) => {
    expect(isValidPassword(p)).toBe(false);
    expect(passwordError(p)).toBe('Password must be 8+ characters long and include both lowercase and uppercase letters.');
  });
});
