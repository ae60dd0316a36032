import { Link } from 'react-router-dom';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** Mac keyboards force-reload with cmd+shift+r; everything else with ctrl+F5. */
function forceReloadKeys(platform: string = typeof navigator === 'undefined' ? '' : navigator.platform || navigator.userAgent): string {
  return /Mac|iPhone|iPad|iPod/i.test(platform) ? 'cmd+shift+r' : 'ctrl+F5';
}

const signInHref = (mode?: 'signup') => {
  const q = new URLSearchParams({ redirectPath: paths.account.href() });
  if (mode) q.set('mode', mode);
  return `${paths.authSignIn.href()}?${q}`;
};

/** The account page for a signed-out visitor. */
export function SignedOut() {
  return (
    <section className="account-card account-signed-out" aria-labelledby="signed-out-title">
      <h1 id="signed-out-title">You are not signed in</h1>
      <p>
        <ButtonLink to={signInHref()}>Sign In</ButtonLink>
      </p>
      <p>
        New here? <Link to={signInHref('signup')}>Sign Up</Link>
      </p>
      <p className="account-hint">
        Signed in already and still seeing this? Force-reload the page (<kbd>{forceReloadKeys()}</kbd>).
      </p>
    </section>
  );
}
