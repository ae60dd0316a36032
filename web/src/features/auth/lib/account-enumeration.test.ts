import { describe, expect, it } from 'vitest';
import { maskedEmail, resetConfirmError, SIGN_IN_FAILED_MESSAGE, signInError, startReset } from './account-enumeration';

const cognitoError = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('no account enumeration', () => {
  it('gives an unknown user and a wrong password the same message', () => {
    const unknown = signInError(cognitoError('UserNotFoundException', 'User does not exist.')) as Error;
    const wrong = signInError(cognitoError('NotAuthorizedException', 'Incorrect username or password.')) as Error;
    expect([unknown.message, unknown.name]).toEqual([wrong.message, wrong.name]);
    expect(unknown.message).toBe(SIGN_IN_FAILED_MESSAGE);
    // cognito-local's wrong-password answer.
    expect((signInError(cognitoError('InvalidPasswordException', 'Invalid password')) as Error).message).toBe(SIGN_IN_FAILED_MESSAGE);
  });
  it('leaves other errors alone', () => {
    const other = cognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
    expect(signInError(other)).toBe(other);
    expect(resetConfirmError(other)).toBe(other);
  });
  it('makes a reset for an unknown address read like a wrong code', () => {
    expect((resetConfirmError(cognitoError('UserNotFoundException', 'User does not exist.')) as Error).message).toBe(
      'Invalid verification code provided, please try again.',
    );
  });
  it('starts a reset with the same words for a known and an unknown address (cognito-local names a known one in full)', async () => {
    const known = await startReset(async () => ({
      isPasswordReset: false,
      nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE', codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'jane@example.com', attributeName: 'email' } },
    }), { username: 'jane@example.com' });
    const unknown = await startReset(async () => {
      throw cognitoError('UserNotFoundException', 'User does not exist.');
    }, { username: 'jake@example.com' });
    expect(known).toEqual(unknown);
    expect(known.nextStep.codeDeliveryDetails.destination).toBe('j***@e***');
    const other = cognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
    await expect(startReset(async () => { throw other; }, { username: 'jane@example.com' })).rejects.toBe(other);
  });
  it('masks the address like Cognito', () => {
    expect(maskedEmail('jane@example.com')).toBe('j***@e***');
  });
});
