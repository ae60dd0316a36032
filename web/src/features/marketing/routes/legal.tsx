import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { NewsletterForm } from '../../../components/ui/newsletter-form';
import { usePageTitle } from '../../../components/ui/page-title';
import { paths } from '../../../config/paths';
import { PageIntro } from '../components/page-intro';

const points = [
  { title: 'Court-ready captures', text: 'Every capture carries the page address and the exact capture time, stamped on the image and kept in its details.' },
  { title: 'A record of what you saw', text: 'Whole pages, including content below the fold, saved as PDF for filing or PNG for exhibits.' },
  { title: 'Built for teams', text: 'Group plans with seats and an administrator, so every member of a matter team captures the same way.' },
];

/** Full Page Shot Legal: launching soon; the sign-up-for-news form opens on a button click. */
export function LegalPage() {
  usePageTitle('Full Page Shot Legal');
  const [showForm, setShowForm] = useState(false);
  return (
    <>
      <PageIntro eyebrow="Launching soon" title="Full Page Shot Legal">
        <p>Preserve web pages as evidence: complete, stamped with the address and the time, and ready to file.</p>
      </PageIntro>
      <section className="section section--flush" aria-labelledby="legal-what">
        <div className="container">
          <h2 id="legal-what" className="section__title">
            What it will do
          </h2>
          <ul className="cards">
            {points.map((p) => (
              <li key={p.title} className="card">
                <h3>{p.title}</h3>
                <p>{p.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section section--tint" aria-labelledby="legal-news">
        <div className="container container--narrow center">
          <h2 id="legal-news" className="section__title">
            Be the first to know
          </h2>
          <p>We will send one e-mail when Full Page Shot Legal launches, and occasional product news.</p>
          {showForm ? (
            <div className="signup-panel">
              <NewsletterForm autoFocus submitLabel="Sign up for news" />
            </div>
          ) : (
            <Button size="lg" onClick={() => setShowForm(true)}>
              Sign up for news
            </Button>
          )}
          <p className="muted">
            Need captures for legal work today? <Link to={paths.enterprise.href()}>Enterprise</Link> group plans already include the URL and date stamp.
          </p>
        </div>
      </section>
      <p className="container small muted page-footnote">
        Looking for our legal terms? Read the <Link to={paths.termsOfUse.href()}>Terms of Use</Link> and the{' '}
        <Link to={paths.privacy.href()}>Privacy Policy</Link>.
      </p>
    </>
  );
}

export { LegalPage as Component };
