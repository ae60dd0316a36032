import { useState } from 'react';
import { HeaderBar } from '../../../components/layout/header-bar';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { DropdownMenu } from '../../../components/ui/dropdown-menu';
import { NewsletterForm } from '../../../components/ui/newsletter-form';
import { buildPageTitle } from '../../../components/ui/page-title-text';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { Markdown } from '../components/markdown';
import { PageIntro } from '../components/page-intro';
import { markdownSampleHtml } from '../content/style-guide-html.build';

/** Internal demo page of the shared UI primitives. */
export function StyleGuidePage() {
  usePageTitle('Style guide');
  const [last, setLast] = useState('none');
  return (
    <>
      <PageIntro eyebrow="Internal" title="Style guide">
        <p>The shared UI primitives in <code>web/src/components/ui</code> and <code>layout</code>, as they look and behave.</p>
      </PageIntro>
      <div className="section section--flush">
        <div className="container container--narrow style-guide">
          <section aria-labelledby="sg-buttons">
            <h2 id="sg-buttons">Buttons</h2>
            <div className="row">
              <Button>Primary</Button>
              <Button variant="secondary">Secondary</Button>
              <Button variant="ghost">Ghost</Button>
              <Button size="sm">Small</Button>
              <Button size="lg">Large</Button>
              <Button disabled>Disabled</Button>
              <ButtonLink to={paths.premium.href()} variant="secondary">
                Link as button
              </ButtonLink>
            </div>
          </section>
          <section aria-labelledby="sg-alerts">
            <h2 id="sg-alerts">Alerts</h2>
            <Alert severity="error" title="Something went wrong" details={'Error: Unable to retrieve account information\n    at lookupAccount (account.ts:12:7)'}>
              Unable to retrieve account information
            </Alert>
            <Alert severity="warning" title="Warning">Your trial ends in 2 days.</Alert>
            <Alert severity="info">Premium renews automatically. We remind you 3 days before.</Alert>
            <Alert severity="success">Card updated!</Alert>
          </section>
          <section aria-labelledby="sg-spinner">
            <h2 id="sg-spinner">Spinner</h2>
            <div className="row">
              <Spinner size="sm" />
              <Spinner />
              <Spinner size="lg" label="Loading your account…" showLabel />
            </div>
          </section>
          <section aria-labelledby="sg-dropdown">
            <h2 id="sg-dropdown">Dropdown menu and header bar</h2>
            <p>Hover, or focus the toggle and press Enter or ArrowDown. The panel is at least 200px wide. Last action: {last}.</p>
            <DropdownMenu label="Actions" items={[{ label: 'Rename', onSelect: () => setLast('Rename') }, { label: 'Delete', onSelect: () => setLast('Delete') }]} />
            <HeaderBar
              title="Library"
              titleAs="h3"
              backTo={paths.home.href()}
              actions={<Button size="sm">Upload</Button>}
              menu={{ label: 'Sort', items: [{ label: 'Newest first', onSelect: () => setLast('Newest first') }, { label: 'Name A–Z', onSelect: () => setLast('Name A–Z') }] }}
            />
          </section>
          <section aria-labelledby="sg-markdown">
            <h2 id="sg-markdown">Markdown</h2>
            <Markdown html={markdownSampleHtml} />
          </section>
          <section aria-labelledby="sg-newsletter">
            <h2 id="sg-newsletter">Newsletter form</h2>
            <NewsletterForm />
          </section>
          <section aria-labelledby="sg-title">
            <h2 id="sg-title">Page title</h2>
            <p>
              <code>buildPageTitle('About Us')</code> → <q>{buildPageTitle('About Us')}</q>
            </p>
          </section>
        </div>
      </div>
    </>
  );
}

export { StyleGuidePage as Component };
