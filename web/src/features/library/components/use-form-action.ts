import { useState } from 'react';
import { errorMessageOf } from '../../../lib/api-client';

/**
 * A form's busy flag and error for one async action. A failure is logged (spec §4) and shown with
 * the server's message or `fallback`; the form stays open and can be sent again. Success leaves
 * `busy` set: the caller's onDone closes the form.
 */
export function useFormAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (what: string, fallback: string, action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      console.error(`Library: ${what} failed`, err);
      setError(errorMessageOf(err, fallback));
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
