/** Spec (invite password, and every password the site asks for): 8+ characters, lower and upper case. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_RULE_MESSAGE = 'Password must be 8+ characters long and include both lowercase and uppercase letters.';

export function isValidPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /\p{Ll}/u.test(password) && /\p{Lu}/u.test(password);
}

/** The message to show for `password`, or null when it is valid. */
export const passwordError = (password: string): string | null => (isValidPassword(password) ? null : PASSWORD_RULE_MESSAGE);
