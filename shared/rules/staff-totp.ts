import { PRODUCT_NAME } from '../domain/product-name';

/** Cognito's name for a TOTP (authenticator app) second factor. */
export const TOTP = 'SOFTWARE_TOKEN_MFA';

/** A user's second factors as Cognito reports them (AdminGetUser, GetUser). */
export interface MfaSettings {
  enabled: string[];
  preferred: string | null;
}

/**
 * TOTP is the account's required factor: enabled and preferred, so Cognito asks for it at every
 * sign-in (the AWS pools have MFA OPTIONAL). Staff routes admit only such accounts, and /admin
 * offers the enrolment to staff until it holds.
 */
export const requiresTotp = (mfa: MfaSettings): boolean => mfa.enabled.includes(TOTP) && mfa.preferred === TOTP;

/** Amplify names the factor 'TOTP' (fetchMFAPreference); Cognito's API says SOFTWARE_TOKEN_MFA. */
export function fromAmplifyMfa(pref: { enabled?: string[]; preferred?: string }): MfaSettings {
  const cognitoName = (f: string) => (f === 'TOTP' ? TOTP : f);
  return { enabled: (pref.enabled ?? []).map(cognitoName), preferred: pref.preferred ? cognitoName(pref.preferred) : null };
}

/** The issuer shown in the authenticator app beside the account (the otpauth URI's issuer). */
export const TOTP_ISSUER = PRODUCT_NAME;

/** An authenticator app's code: six digits (spaces people type between groups are dropped). */
export function normaliseTotpCode(raw: string): string | null {
  const code = raw.replace(/\s+/g, '');
  return /^\d{6}$/.test(code) ? code : null;
}
