import * as z from 'zod';

/**
 * The invitation input of the members page (spec 000, section 5): the text is split on commas,
 * each part trimmed and blanks removed. Every part must be a valid e-mail address, and there may
 * not be more of them than remaining seats. Send is enabled only with at least one address, all
 * valid, and not above the remaining seats.
 */

export const INVALID_EMAILS_MESSAGE = 'Contains invalid emails';

/** The spec's sentence, in the singular when one seat is left ("there is only 1 seat remaining."). */
export const tooManyEmailsMessage = (count: number, remaining: number): string =>
  remaining === 1
    ? `Error: too many emails specified (${count}), there is only 1 seat remaining.`
    : `Error: too many emails specified (${count}), there are only ${remaining} seats remaining.`;

/** The longest address the API accepts (RFC 5321 path limit). */
const MAX_EMAIL_LENGTH = 254;

// The same check the API applies to each address (shared/api/routes.ts), so what the page lets
// through is never refused for its form.
const EmailSchema = z.string().email().max(MAX_EMAIL_LENGTH);

export const isValidInviteEmail = (email: string): boolean => EmailSchema.safeParse(email).success;

/** Split on commas, trimmed, blanks removed. */
export const splitInviteEmails = (input: string): string[] =>
  input
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

export interface InviteEmailsCheck {
  /** The addresses as entered (split, trimmed, blanks removed). */
  emails: string[];
  /** The addresses that are not valid e-mail addresses. */
  invalid: string[];
  /** Messages to show, in order: invalid addresses first, then too many. */
  errors: string[];
  /** At least one address, all valid, not more than the remaining seats. */
  canSend: boolean;
}

export function checkInviteEmails(input: string, remainingSeats: number): InviteEmailsCheck {
  const emails = splitInviteEmails(input);
  const invalid = emails.filter((e) => !isValidInviteEmail(e));
  const errors: string[] = [];
  if (invalid.length > 0) errors.push(INVALID_EMAILS_MESSAGE);
  if (emails.length > remainingSeats) errors.push(tooManyEmailsMessage(emails.length, remainingSeats));
  return { emails, invalid, errors, canSend: emails.length > 0 && errors.length === 0 };
}

/** The addresses to send: lower-cased and each once (the API does the same). */
export const normalizedInviteEmails = (emails: readonly string[]): string[] => [
  ...new Set(emails.map((e) => e.toLowerCase())),
];
