import { Link } from 'react-router-dom';
import { ExternalButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useExtensionStatus } from '../../../lib/extension-bridge';
import { useNextUrl } from '../../../lib/storage';
import { checkoutMessages } from '../messages';

/** Spec: 'You already have a subscription' with links to /account and 'Go to editor'. */
export function AlreadySubscribed() {
  const status = useExtensionStatus();
  const next = useNextUrl();
  const editor = next ?? (status.origin ? `${status.origin}/editor.html` : null);
  return (
    <section className="checkout-panel" aria-labelledby="already-subscribed-title">
      <h2 id="already-subscribed-title">{checkoutMessages.alreadySubscribed}</h2>
      <p>Your Premium features are ready to use. You can manage your subscription from your account.</p>
      <p className="checkout-actions">
        <Link to={paths.account.href()}>Go to your account</Link>
        {editor ? (
          <ExternalButtonLink href={editor}>Go to editor</ExternalButtonLink>
        ) : (
          <span className="checkout-muted">Go to editor: open the Full Page Shot extension and capture a page.</span>
        )}
      </p>
    </section>
  );
}
