import type { ResetPasswordInput, ResetPasswordOutput } from 'aws-amplify/auth';
import { graphemes } from '#shared/rules/cut-text';

/**
 * Sign-in and password-reset answers that do not tell which e-mail addresses have accounts, as
 * Cognito does with PreventUserExistenceErrors (an unknown user looks like a wrong password, and a
 * reset for an unknown address looks sent). The local pool (cognito-local) has no such setting,
 * and AWS pools only have it when the app client sets it, so the form applies the same rule.
 */

/** The one message for an unknown e-mail and for a wrong password. */
export const SIGN_IN_FAILED_MESSAGE = 'Incorrect username or password.';
/** A reset code that does not fit (also for an address without an account). */
const RESET_CODE_FAILED_MESSAGE = 'Invalid verification code provided, please try again.';

const nameOf = (e: unknown): string | undefined =>
  typeof e === 'object' && e !== null && 'name' in e && typeof e.name === 'string' ? e.name : undefined;

/** True for Cognito's "no such user" answers. */
const isUnknownUser = (e: unknown): boolean => nameOf(e) === 'UserNotFoundException';

/** The error to show for a failed sign-in: unknown user and wrong password read the same. */
export function signInError(e: unknown): unknown {
  const name = nameOf(e);
  // cognito-local answers a wrong password with InvalidPasswordException (AWS: NotAuthorizedException).
  if (name !== 'UserNotFoundException' && name !== 'NotAuthorizedException' && name !== 'InvalidPasswordException') return e;
  const err = new Error(SIGN_IN_FAILED_MESSAGE);
  err.name = 'NotAuthorizedException';
  return err;
}

/** The error to show for a failed reset confirmation: an unknown address reads like a wrong code. */
export function resetConfirmError(e: unknown): unknown {
  if (!isUnknownUser(e)) return e;
  const err = new Error(RESET_CODE_FAILED_MESSAGE);
  err.name = 'CodeMismatchException';
  return err;
}

/** "j***@e***" the way Cognito masks a code's destination, for the reset step's text. */
export function maskedEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${graphemes(local)[0] ?? ''}***@${graphemes(domain)[0] ?? ''}***`;
}

/**
 * Starts a password reset and answers the code step in the same words whether or not the address
 * has an account: no mail goes to an unknown one, and the destination is always our mask (Cognito
 * with PreventUserExistenceErrors masks it; cognito-local names a known address in full, which told
 * the two apart).
 */
export async function startReset(
  reset: (input: ResetPasswordInput) => Promise<ResetPasswordOutput>,
  input: ResetPasswordInput,
): Promise<ResetPasswordOutput & { nextStep: { codeDeliveryDetails: { destination: string } } }> {
  try {
    await reset(input);
  } catch (e) {
    if (!isUnknownUser(e)) throw e;
  }
  return {
    isPasswordReset: false,
    nextStep: {
      resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
      codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: maskedEmail(input.username), attributeName: 'email' },
    },
  };
}
