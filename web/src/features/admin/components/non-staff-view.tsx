import { Link, useLocation } from 'react-router-dom';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** Spec: non-staff see 'Back to home' and 'Log in' (or 'sign out' when signed in). */
export function NonStaffView({ signedIn }: { signedIn: boolean }) {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  return (
    <section className="admin-denied" aria-labelledby="admin-denied-title">
      <h1 id="admin-denied-title" className="admin-denied__title">
        Staff only
      </h1>
      <p className="admin-muted">This tool is for staff. {signedIn ? 'Your account is not a staff account.' : 'Log in with a staff account to use it.'}</p>
      <div className="admin-denied__actions">
        <ButtonLink to={paths.home.href()} variant="secondary">
          Back to home
        </ButtonLink>
        {signedIn ? (
          <Link to={`${paths.authSignOut.href()}?redirectPath=${encodeURIComponent(here)}`}>sign out</Link>
        ) : (
          <ButtonLink to={`${paths.authSignIn.href()}?redirectPath=${encodeURIComponent(here)}`}>Log in</ButtonLink>
        )}
      </div>
    </section>
  );
}
