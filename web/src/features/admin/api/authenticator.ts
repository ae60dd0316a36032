import { fetchMFAPreference, setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { fromAmplifyMfa, requiresTotp, TOTP_ISSUER } from '#shared/rules/staff-totp';

/**
 * The staff member's own authenticator, through Cognito with their access token (Amplify's
 * GetUser, AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference). The staff routes
 * read the same state with AdminGetUser, so the tool works the moment this succeeds.
 */

/** Whether TOTP is already the account's required second factor. */
export async function totpIsRequired(): Promise<boolean> {
  return requiresTotp(fromAmplifyMfa(await fetchMFAPreference()));
}

export interface TotpSetup {
  /** The key an app takes when the code cannot be scanned (base32). */
  secret: string;
  /** otpauth://totp/… for the QR code. */
  uri: string;
}

/** A new authenticator secret for the account (replaces any unverified one). */
export async function startTotpSetup(email: string): Promise<TotpSetup> {
  const details = await setUpTOTP();
  return { secret: details.sharedSecret, uri: details.getSetupUri(TOTP_ISSUER, email).toString() };
}

/** Checks a code from the app, then makes TOTP the factor Cognito asks for at every sign-in. */
export async function confirmTotpSetup(code: string): Promise<void> {
  await verifyTOTPSetup({ code, options: { friendlyDeviceName: 'Admin tool' } });
  await updateMFAPreference({ totp: 'PREFERRED' });
}

/** What to tell the person when Cognito refuses the code. */
export function totpErrorMessage(e: unknown): string {
  const name = (e as { name?: string } | null)?.name ?? '';
  if (/CodeMismatch|EnableSoftwareTokenMFA/.test(name)) {
    return 'That code did not match. Enter the newest code your app shows (check that the phone’s clock is set automatically).';
  }
  return e instanceof Error && e.message ? e.message : 'The authenticator could not be set up. Try again.';
}
