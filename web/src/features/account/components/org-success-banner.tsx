import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { paths } from '../../../config/paths';
import { NewsletterSignup } from './newsletter-signup';

/** The query flag the invite page sets after joining an organisation: /account?org=success. */
export const ORG_SUCCESS_PARAM = 'org';
export const ORG_SUCCESS_VALUE = 'success';

/** Spec: after the org-link success flag, a start-guide link and a newsletter signup. */
export function OrgSuccessBanner({ orgName, email }: { orgName: string; email: string }) {
  return (
    <div className="account-card">
      <Alert severity="success" title={`Success. Your account is part of ${orgName}`}>
        <p>
          New to Full Page Shot? Read the <Link to={paths.faq.href()}>start guide</Link>.
        </p>
      </Alert>
      <NewsletterSignup defaultEmail={email} />
    </div>
  );
}
