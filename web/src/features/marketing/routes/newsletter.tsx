import { NewsletterForm } from '../../../components/ui/newsletter-form';
import { usePageTitle } from '../../../components/ui/page-title';
import { PageIntro } from '../components/page-intro';

export function NewsletterPage() {
  usePageTitle('Newsletter');
  return (
    <>
      <PageIntro eyebrow="Newsletter" title="Sign up for our newsletter">
        <p>New features, capture tips and the launch of Full Page Shot Legal: about one e-mail a month. Unsubscribe with one click at any time.</p>
      </PageIntro>
      <div className="section section--flush">
        <div className="container container--narrow">
          <div className="signup-panel">
            <NewsletterForm />
          </div>
          <p className="small muted">We use your address only to send the newsletter, and we never sell it.</p>
        </div>
      </div>
    </>
  );
}

export { NewsletterPage as Component };
