import { Link } from 'react-router-dom';
import { NewsletterForm } from '../../../components/ui/newsletter-form';
import { usePageTitle } from '../../../components/ui/page-title';
import { paths } from '../../../config/paths';
import { PageIntro } from '../components/page-intro';

export function ComingSoonPage() {
  usePageTitle('Coming soon');
  return (
    <>
      <PageIntro eyebrow="Coming soon" title="Full Page Shot Legal is launching soon">
        <p>
          Web captures for legal work, stamped with the address and the time and ready to file. <Link to={paths.legal.href()}>Read what it will do</Link>.
        </p>
      </PageIntro>
      <div className="section section--flush">
        <div className="container container--narrow">
          <h2 className="section__title section__title--left">Get the launch e-mail</h2>
          <div className="signup-panel">
            <NewsletterForm submitLabel="Notify me" />
          </div>
        </div>
      </div>
    </>
  );
}

export { ComingSoonPage as Component };
