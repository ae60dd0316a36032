import { siteFacts, mailto } from '../../../components/layout/site-facts';
import { usePageTitle } from '../../../components/ui/page-title';
import { FaqList } from '../components/faq-list';
import { PageIntro } from '../components/page-intro';
import { faqHtmlCategories } from '../content/faq-html.build';

export function FaqPage() {
  usePageTitle('FAQ');
  return (
    <>
      <PageIntro eyebrow="Help" title="Frequently asked questions">
        <p>
          Answers about capturing, exporting and Premium. Can’t find yours? Write to{' '}
          <a href={mailto(siteFacts.supportEmail)}>{siteFacts.supportEmail}</a>.
        </p>
      </PageIntro>
      <div className="section section--flush">
        <div className="container">
          <FaqList categories={faqHtmlCategories} />
        </div>
      </div>
    </>
  );
}

export { FaqPage as Component };
