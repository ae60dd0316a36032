import { DomainError } from '../../lib/errors';
import { config } from '../../lib/config';

/** Stripe replaces this in a success URL with the session id. */
const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/** Origins the payment pages may send people back to: the site's own (and its localhost alias locally). */
function allowedReturnOrigins(): string[] {
  const site = new URL(config.siteUrl());
  const origins = [site.origin];
  if (config.appEnv() === 'local') {
    for (const host of ['127.0.0.1', 'localhost']) origins.push(`${site.protocol}//${host}${site.port ? `:${site.port}` : ''}`);
  }
  return [...new Set(origins)];
}

/**
 * A success or cancel URL must point back into the site: a Checkout session is otherwise an open
 * redirect that carries our branding. Answers 400 validation_failed otherwise.
 */
export function checkReturnUrl(url: string, field: string): string {
  let origin: string;
  try {
    origin = new URL(url.replaceAll(SESSION_ID_PLACEHOLDER, 'x')).origin;
  } catch {
    throw new DomainError('validation_failed', `${field} is not a valid URL.`);
  }
  if (!allowedReturnOrigins().includes(origin)) {
    throw new DomainError('validation_failed', `${field} must point to this site.`);
  }
  return url;
}

/** Makes sure the success URL carries `session_id={CHECKOUT_SESSION_ID}` (literal braces: Stripe does not decode). */
export function withSessionId(url: string): string {
  const decoded = url.replace(/%7BCHECKOUT_SESSION_ID%7D/gi, SESSION_ID_PLACEHOLDER);
  if (decoded.includes(SESSION_ID_PLACEHOLDER)) return decoded;
  const [beforeHash, hash] = decoded.split('#', 2) as [string, string | undefined];
  const sep = beforeHash.includes('?') ? (beforeHash.endsWith('?') || beforeHash.endsWith('&') ? '' : '&') : '?';
  return `${beforeHash}${sep}session_id=${SESSION_ID_PLACEHOLDER}${hash !== undefined ? `#${hash}` : ''}`;
}
