import { describe, expect, it } from 'vitest';
import {
  canOfferVerify, checkAdminSearch, classifyAdminQuery, cognitoFilterValue, isDeleteConfirmed, SEARCH_TOO_SHORT,
} from './admin-search';

describe('checkAdminSearch', () => {
  it('does nothing for an empty or blank query', () => {
    expect(checkAdminSearch('')).toEqual({ kind: 'empty' });
    expect(checkAdminSearch('   ')).toEqual({ kind: 'empty' });
    expect(checkAdminSearch(null)).toEqual({ kind: 'empty' });
  });
  it("answers 'Search too short.' for 2 characters or fewer", () => {
    expect(checkAdminSearch('a')).toEqual({ kind: 'invalid', message: SEARCH_TOO_SHORT });
    expect(checkAdminSearch(' ab ')).toEqual({ kind: 'invalid', message: 'Search too short.' });
  });
  it('accepts 3 characters or more, trimmed', () => {
    expect(checkAdminSearch('abc')).toEqual({ kind: 'ok', query: 'abc' });
    expect(checkAdminSearch('  free@example.com ')).toEqual({ kind: 'ok', query: 'free@example.com' });
  });
  it('refuses queries longer than an e-mail address can be', () => {
    expect(checkAdminSearch('x'.repeat(255)).kind).toBe('invalid');
    expect(checkAdminSearch('x'.repeat(254)).kind).toBe('ok');
  });
});

describe('classifyAdminQuery', () => {
  it('treats anything with an @ as an e-mail, lower-cased', () => {
    expect(classifyAdminQuery('Free@Example.COM')).toEqual({ by: 'email', email: 'free@example.com' });
  });
  it('recognises Stripe customer ids', () => {
    expect(classifyAdminQuery('cus_abc123')).toEqual({ by: 'stripeCustomer', customerId: 'cus_abc123' });
  });
  it('takes anything else as a userId, case kept', () => {
    expect(classifyAdminQuery('3F2A-b1')).toEqual({ by: 'userId', userId: '3F2A-b1' });
  });
});

describe('cognitoFilterValue', () => {
  it('escapes quotes and backslashes so a query cannot change the filter', () => {
    expect(cognitoFilterValue('a"b\\c')).toBe('a\\"b\\\\c');
  });
});

describe('canOfferVerify', () => {
  const user = (userStatus: string, email_verified?: string) => ({ userStatus, attributes: { email_verified } });
  it('offers Verify to unconfirmed users and to unverified e-mails', () => {
    expect(canOfferVerify(user('UNCONFIRMED', 'true'))).toBe(true);
    expect(canOfferVerify(user('CONFIRMED', 'false'))).toBe(true);
    expect(canOfferVerify(user('CONFIRMED'))).toBe(true);
  });
  it('does not offer it to confirmed, verified users or when there is no Cognito user', () => {
    expect(canOfferVerify(user('CONFIRMED', 'true'))).toBe(false);
    expect(canOfferVerify(null)).toBe(false);
  });
});

describe('isDeleteConfirmed', () => {
  it('needs the word DELETE exactly (blanks forgiven)', () => {
    expect(isDeleteConfirmed('DELETE')).toBe(true);
    expect(isDeleteConfirmed(' DELETE ')).toBe(true);
    expect(isDeleteConfirmed('delete')).toBe(false);
    expect(isDeleteConfirmed('')).toBe(false);
    expect(isDeleteConfirmed(null)).toBe(false);
  });
});
