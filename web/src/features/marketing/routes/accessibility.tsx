import { siteFacts, mailto } from '../../../components/layout/site-facts';
import { usePageTitle } from '../../../components/ui/page-title';
import { PageIntro } from '../components/page-intro';

export function AccessibilityPage() {
  usePageTitle('Accessibility');
  return (
    <>
      <PageIntro title="Accessibility">
        <p>We want everyone to be able to use Full Page Shot, its website and its account pages.</p>
      </PageIntro>
      <div className="section section--flush">
        <div className="container container--narrow prose">
          <h2>Our commitment</h2>
          <p>
            We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. Our pages use landmarks and headings in order, every
            control can be used with a keyboard and shows where the focus is, images have text alternatives, and animations respect your system’s reduced
            motion setting.
          </p>
          <h2>Report a problem</h2>
          <p>If something is hard or impossible for you to use, please tell us. We answer every report and fix what we can as soon as we can.</p>
          <ul>
            <li>
              <strong>By e-mail:</strong> write to <a href={mailto(siteFacts.supportEmail, 'Accessibility')}>{siteFacts.supportEmail}</a> with the subject{' '}
              <strong>Accessibility</strong>.
            </li>
            <li>
              <strong>By letter:</strong>
              <address className="address">
                {siteFacts.postalAddress.map((line, i) => (
                  <span key={line}>{i === 0 ? `${line}, Attn: Accessibility` : line}</span>
                ))}
              </address>
            </li>
          </ul>
          <p>Please tell us the page address, what you were trying to do, and the browser and assistive technology you use.</p>
        </div>
      </div>
    </>
  );
}

export { AccessibilityPage as Component };
