import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ExternalButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useNextUrl } from '../../../lib/storage';

/** Spec: the sign-in "taking too long" message appears after 3000 ms. */
const SLOW_SIGN_IN_MS = 3000;

/** Nothing waits forever: after this long the spinner gives way to what happened and the ways on. */
const SIGN_IN_GIVE_UP_MS = 20_000;

/**
 * The sign-in spinner; after 3 s it offers a way home. After SIGN_IN_GIVE_UP_MS it stops, says
 * what did not happen (`stalled`) and offers to try again, go home, or (when the visit came from
 * the extension, `next`) return to the extension: the capture waits there. `next` is kept in
 * session storage, so the link is still there after a reload.
 */
export function SignInProgress({ label = 'Signing you in…', stalled }: { label?: string; stalled?: string }) {
  const [slow, setSlow] = useState(false);
  const [gaveUp, setGaveUp] = useState(false);
  const next = useNextUrl();
  useEffect(() => {
    const t = setTimeout(() => setSlow(true), SLOW_SIGN_IN_MS);
    const g = setTimeout(() => setGaveUp(true), SIGN_IN_GIVE_UP_MS);
    return () => {
      clearTimeout(t);
      clearTimeout(g);
    };
  }, []);
  const back = next && (
    <p>
      <ExternalButtonLink href={next}>Return to extension</ExternalButtonLink>
    </p>
  );
  if (gaveUp) {
    return (
      <div className="auth-progress" role="alert">
        <p className="auth-progress__stalled">
          Signing in is taking too long. {stalled ?? 'The sign-in service did not answer.'}
        </p>
        <p>
          <a href={`${window.location.pathname}${window.location.search}`}>Try again</a> or <Link to={paths.home.href()}>go to home</Link>.
        </p>
        {back}
      </div>
    );
  }
  return (
    <div className="auth-progress">
      <Spinner size="lg" label={label} />
      {slow && (
        <p className="auth-progress__slow">
          Updating logged-in state. <Link to={paths.home.href()}>Go to home</Link> if this is taking too long.
        </p>
      )}
      {back}
    </div>
  );
}
