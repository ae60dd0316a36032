import { describe, expect, it } from 'vitest';
import {
  checkInviteEmails, INVALID_EMAILS_MESSAGE, isValidInviteEmail, normalizedInviteEmails, splitInviteEmails, tooManyEmailsMessage,
} from './invite-emails';

describe('splitInviteEmails', () => {
  it('splits on commas, trims and removes blanks', () => {
    expect(splitInviteEmails(' a@x.example ,b@x.example,, ,c@x.example ')).toEqual(['a@x.example', 'b@x.example', 'c@x.example']);
    expect(splitInviteEmails('')).toEqual([]);
    expect(splitInviteEmails(' , ,')).toEqual([]);
  });
  it('does not split on spaces or semicolons (those make an invalid address)', () => {
    expect(splitInviteEmails('a@x.example b@x.example')).toEqual(['a@x.example b@x.example']);
  });
});

describe('isValidInviteEmail', () => {
  it('accepts ordinary addresses and refuses the rest', () => {
    expect(isValidInviteEmail('jane.doe+team@acme-legal.example')).toBe(true);
    for (const bad of ['jane', 'jane@', '@acme.example', 'jane@acme', 'a b@acme.example', 'jane@@acme.example']) {
      expect(isValidInviteEmail(bad)).toBe(false);
    }
    expect(isValidInviteEmail(`${'a'.repeat(250)}@x.io`)).toBe(false);
  });
});

describe('checkInviteEmails', () => {
  it('enables Send with at least one address, all valid, within the remaining seats', () => {
    expect(checkInviteEmails('a@x.example, b@x.example', 2)).toEqual({
      emails: ['a@x.example', 'b@x.example'], invalid: [], errors: [], canSend: true,
    });
  });
  it('disables Send for an empty input, without an error', () => {
    expect(checkInviteEmails('  ,  ', 3)).toMatchObject({ emails: [], errors: [], canSend: false });
  });
  it("says 'Contains invalid emails'", () => {
    const r = checkInviteEmails('a@x.example, nope', 5);
    expect(r.errors).toEqual(['Contains invalid emails']);
    expect(r.errors[0]).toBe(INVALID_EMAILS_MESSAGE);
    expect(r.invalid).toEqual(['nope']);
    expect(r.canSend).toBe(false);
  });
  it('says how many were given and how many seats remain when there are too many', () => {
    const r = checkInviteEmails('a@x.example, b@x.example, c@x.example', 2);
    expect(r.errors).toEqual(['Error: too many emails specified (3), there are only 2 seats remaining.']);
    expect(tooManyEmailsMessage(3, 0)).toBe('Error: too many emails specified (3), there are only 0 seats remaining.');
    expect(r.canSend).toBe(false);
  });
  it('reports both problems at once', () => {
    expect(checkInviteEmails('bad, b@x.example', 1).errors).toEqual([
      'Contains invalid emails',
      'Error: too many emails specified (2), there is only 1 seat remaining.',
    ]);
  });
});

describe('normalizedInviteEmails', () => {
  it('lower-cases and removes repeats', () => {
    expect(normalizedInviteEmails(['A@x.example', 'a@X.example', 'b@x.example'])).toEqual(['a@x.example', 'b@x.example']);
  });
});
