import { useCallback, useState } from 'react';
import { routes } from '#shared/api/routes';
import type { ResponseOf } from '#shared/api/route';
import { apiCall, errorMessageOf } from '../../../lib/api-client';
import { pushDataLayer } from '../../../lib/analytics';
import { verifyAccountEmail } from './verify-email';

/** POST /account/email: Cognito sends a code to the new address; nothing changes before the code. */
function changeEmail(email: string): Promise<ResponseOf<typeof routes.changeEmail>> {
  return apiCall(routes.changeEmail, { body: { email } });
}

const CHANGE_EMAIL_FALLBACK_ERROR = 'An error occurred!';
const CODE_FORMAT_MESSAGE = 'Enter the 6-digit code from the email.';

export type ChangeEmailState =
  | { status: 'idle' }
  | { status: 'submitting' }
  /** The code went to `email`; `error` is the last refusal of a code (wrong, expired…). */
  | { status: 'code'; email: string; busy?: 'verifying' | 'resending'; error?: string; resent?: boolean }
  | { status: 'success' }
  | { status: 'error'; message: string };

/**
 * Spec: idle → submitting ('Updating…') → success, or error (the server's message, else 'An error
 * occurred!'). Between submitting and success sits the code step: the change takes effect only
 * once the code sent to the new address is entered.
 */
function succeeded(setState: (s: ChangeEmailState) => void) {
  pushDataLayer({ event: 'changeEmail' });
  setState({ status: 'success' });
}

export function useChangeEmail() {
  const [state, setState] = useState<ChangeEmailState>({ status: 'idle' });
  const submit = useCallback(async (email: string) => {
    setState({ status: 'submitting' });
    try {
      const r = await changeEmail(email);
      if (r.codeSentTo) setState({ status: 'code', email: r.codeSentTo });
      else succeeded(setState);
    } catch (e) {
      setState({ status: 'error', message: errorMessageOf(e, CHANGE_EMAIL_FALLBACK_ERROR) });
    }
  }, []);
  const verify = useCallback(async (email: string, code: string) => {
    const trimmed = code.trim();
    if (!/^[0-9]{6}$/.test(trimmed)) return setState({ status: 'code', email, error: CODE_FORMAT_MESSAGE });
    setState({ status: 'code', email, busy: 'verifying' });
    try {
      await verifyAccountEmail(trimmed);
      succeeded(setState);
    } catch (e) {
      setState({ status: 'code', email, error: errorMessageOf(e, CHANGE_EMAIL_FALLBACK_ERROR) });
    }
  }, []);
  const resend = useCallback(async (email: string) => {
    setState({ status: 'code', email, busy: 'resending' });
    try {
      await changeEmail(email);
      setState({ status: 'code', email, resent: true });
    } catch (e) {
      setState({ status: 'code', email, error: errorMessageOf(e, CHANGE_EMAIL_FALLBACK_ERROR) });
    }
  }, []);
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, submit, verify, resend, reset };
}
