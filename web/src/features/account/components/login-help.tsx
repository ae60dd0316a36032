import { Link } from 'react-router-dom';
import { buildSupportLink } from '#shared/rules/support-link';
import { paths } from '../../../config/paths';

/** Error data as the spec names it: userId, error, code. */
export interface LoginErrorData {
  code: string;
  error: string;
  userId: string;
}

/**
 * Spec: the login error code 'login' shows a help line with links to common issues and to contact
 * support; the contact link carries the encoded page address, error and user id (capped).
 */
export function LoginHelp({ data }: { data: LoginErrorData }) {
  if (data.code !== 'login') return null;
  const contact = buildSupportLink({
    base: paths.contact.href(),
    page: window.location.href,
    error: data.error,
    userId: data.userId,
    host: window.location.host,
  });
  return (
    <p className="login-help">
      Having trouble logging in? Read about <Link to={paths.faq.href('help-i-cant-log-in')}>common issues</Link> or{' '}
      <Link to={contact}>contact support</Link>.
    </p>
  );
}
