import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';

/** Spec: the sign-in "taking too long" message appears after 3000 ms. */
export const SLOW_SIGN_IN_MS = 3000;

/** The sign-in spinner; after 3 s it offers a way home. */
export function SignInProgress({ label = 'Signing you in…' }: { label?: string }) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setSlow(true), SLOW_SIGN_IN_MS);
    return () => clearTimeout(t);
  }, []);
  return (
    <div className="auth-progress">
      <Spinner size="lg" label={label} />
      {slow && (
        <p className="auth-progress__slow">
          Updating logged-in state. <Link to={paths.home.href()}>Go to home</Link> if this is taking too long.
        </p>
      )}
    </div>
  );
}
