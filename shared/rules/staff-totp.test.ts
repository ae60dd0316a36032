import { describe, expect, it } from 'vitest';
import { fromAmplifyMfa, normaliseTotpCode, requiresTotp, TOTP } from './staff-totp';

describe('staff TOTP rules', () => {
  it('requires TOTP only when it is both enabled and preferred', () => {
    expect(requiresTotp({ enabled: [TOTP], preferred: TOTP })).toBe(true);
    expect(requiresTotp({ enabled: [TOTP], preferred: null })).toBe(false);
    expect(requiresTotp({ enabled: [], preferred: null })).toBe(false);
    expect(requiresTotp({ enabled: ['SMS_MFA'], preferred: 'SMS_MFA' })).toBe(false);
  });

  it("reads Amplify's names for the factors", () => {
    expect(fromAmplifyMfa({ enabled: ['TOTP'], preferred: 'TOTP' })).toEqual({ enabled: [TOTP], preferred: TOTP });
    expect(requiresTotp(fromAmplifyMfa({}))).toBe(false);
    expect(requiresTotp(fromAmplifyMfa({ enabled: ['TOTP'] }))).toBe(false);
  });

  it('accepts six digits, with the spaces an app shows between groups', () => {
    expect(normaliseTotpCode('123 456')).toBe('123456');
    expect(normaliseTotpCode(' 012345 ')).toBe('012345');
    expect(normaliseTotpCode('12345')).toBeNull();
    expect(normaliseTotpCode('12345a')).toBeNull();
  });
});
