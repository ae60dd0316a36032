import { Link, useSearchParams } from 'react-router-dom';
import { siteFacts, mailto } from '../../../components/layout/site-facts';
import { usePageTitle } from '../../../components/ui/page-title';
import { paths } from '../../../config/paths';
import { PageIntro } from '../components/page-intro';

/**
 * The account page's login help links here with the page address, the error and the user id, so a
 * support e-mail can carry them without the user copying anything.
 */
function useProblemReport() {
  const [params] = useSearchParams();
  const report = { url: params.get('url'), error: params.get('error'), userId: params.get('userId') };
  if (!report.url && !report.error && !report.userId) return undefined;
  const body = [`Page: ${report.url ?? ''}`, `Error: ${report.error ?? ''}`, `User id: ${report.userId ?? ''}`].join('\n');
  return { ...report, href: `${mailto(siteFacts.supportEmail, 'Problem signing in')}&body=${encodeURIComponent(body)}` };
}

export function ContactPage() {
  usePageTitle('Contact');
  const report = useProblemReport();
  return (
    <>
      <PageIntro eyebrow="Contact" title="Contact us">
        <p>We are a small team in {siteFacts.city} and we read every message. Premium and Enterprise customers get priority support.</p>
      </PageIntro>
      <div className="section section--flush">
        <div className="container">
          <ul className="cards">
            <li className="card">
              <h2 className="h3">Support</h2>
              <p>
                Questions about the extension or your account? Check the <Link to={paths.faq.href()}>FAQ</Link> first, then{' '}
                <a href={siteFacts.supportTicketsUrl} rel="noopener noreferrer">open a support ticket</a> or write to{' '}
                <a href={mailto(siteFacts.supportEmail)}>{siteFacts.supportEmail}</a>.
              </p>
              {report && (
                <div className="card__report" role="note" aria-label="Problem details">
                  <p>We have the details of the problem you just saw:</p>
                  <dl>
                    {report.error && (<><dt>Error</dt><dd>{report.error}</dd></>)}
                    {report.userId && (<><dt>User id</dt><dd>{report.userId}</dd></>)}
                    {report.url && (<><dt>Page</dt><dd>{report.url}</dd></>)}
                  </dl>
                  <p>
                    <a href={report.href}>E-mail support with these details</a>
                  </p>
                </div>
              )}
              <p>
                Can’t sign in? See <Link to={paths.faq.href('help-i-cant-log-in')}>Help! I can’t log in</Link>.
              </p>
            </li>
            <li className="card">
              <h2 className="h3">Sales and Enterprise</h2>
              <p>
                Group plans for teams: <Link to={paths.sales.href()}>contact sales</Link> or read about <Link to={paths.enterprise.href()}>Enterprise</Link>.
              </p>
            </li>
            <li className="card">
              <h2 className="h3">Press</h2>
              <p>
                <a href={mailto(siteFacts.pressEmail)}>{siteFacts.pressEmail}</a>, and our <Link to={paths.press.href()}>press coverage</Link>.
              </p>
            </li>
            <li className="card">
              <h2 className="h3">Privacy and accessibility</h2>
              <p>
                Privacy requests: <a href={mailto(siteFacts.privacyEmail)}>{siteFacts.privacyEmail}</a>. To report an accessibility problem, see{' '}
                <Link to={paths.accessibility.href()}>Accessibility</Link>.
              </p>
            </li>
          </ul>
          <h2 className="h3">By letter</h2>
          <address className="address">
            {siteFacts.postalAddress.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        </div>
      </div>
    </>
  );
}

export { ContactPage as Component };
