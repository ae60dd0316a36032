import { useCallback, useState } from 'react';
import { routes } from '#shared/api/routes';
import { apiCall, errorMessageOf } from '../../../lib/api-client';
import { pushDataLayer } from '../../../lib/analytics';

/** POST /account/email: the new sign-in e-mail (Cognito and the account together). */
export function changeEmail(email: string): Promise<{ ok: true }> {
  return apiCall(routes.changeEmail, { body: { email } });
}

export const CHANGE_EMAIL_FALLBACK_ERROR = 'An error occurred!';

export type ChangeEmailState =
  | { status: 'idle' }
  | { status: 'submitting' }
  | { status: 'success' }
  | { status: 'error'; message: string };

/** Spec: idle → submitting ('Updating…') → success, or error (the server's message, else 'An error occurred!'). */
export function useChangeEmail() {
  const [state, setState] = useState<ChangeEmailState>({ status: 'idle' });
  const submit = useCallback(async (email: string) => {
    setState({ status: 'submitting' });
    try {
      await changeEmail(email);
      pushDataLayer({ event: 'changeEmail' });
      setState({ status: 'success' });
    } catch (e) {
      setState({ status: 'error', message: errorMessageOf(e, CHANGE_EMAIL_FALLBACK_ERROR) });
    }
  }, []);
  return { state, submit };
}
