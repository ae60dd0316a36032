import { describe, expect, it } from 'vitest';
import { maskedEmail, resetConfirmError, SIGN_IN_FAILED_MESSAGE, signInError } from './account-enumeration';

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
  it('masks the address like Cognito', () => {
    expect(maskedEmail('jane@example.com')).toBe('j***@e***');
  });
});
