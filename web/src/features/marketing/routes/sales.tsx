import { Link } from 'react-router-dom';
import { siteFacts, mailto } from '../../../components/layout/site-facts';
import { usePageTitle } from '../../../components/ui/page-title';
import { paths } from '../../../config/paths';
import { ContactSalesForm } from '../components/contact-sales-form';
import { PageIntro } from '../components/page-intro';

export function SalesPage() {
  usePageTitle('Contact Sales');
  return (
    <>
      <PageIntro eyebrow="Sales" title="Contact Sales">
        <p>
          Tell us about your team and we will reply within one business day with pricing for a group plan. Learn more about{' '}
          <Link to={paths.enterprise.href()}>Full Page Shot for Enterprise</Link>.
        </p>
      </PageIntro>
      <div className="section section--flush">
        <div className="container split">
          <div className="split__main">
            <h2 className="section__title section__title--left">Send us a message</h2>
            <ContactSalesForm />
          </div>
          <aside className="split__side" aria-labelledby="sales-other">
            <h2 id="sales-other" className="h3">
              Already a customer?
            </h2>
            <p>
              For help with the extension or your account, <a href={siteFacts.supportTicketsUrl} rel="noopener noreferrer">open a support ticket</a>.
              Enterprise administrators manage members in the <Link to={paths.enterpriseAccount.href()}>enterprise account</Link>.
            </p>
            <h2 className="h3">Prefer e-mail?</h2>
            <p>
              <a href={mailto(siteFacts.salesEmail)}>{siteFacts.salesEmail}</a>
            </p>
          </aside>
        </div>
      </div>
    </>
  );
}

export { SalesPage as Component };
