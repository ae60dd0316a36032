import { formatDate } from './format-date';
import { Markdown } from './markdown';
import { PageIntro } from './page-intro';

/** A long legal text: title, date of the last update, and the body (HTML rendered from markdown at build time). */
export function LegalDocument({ title, updated, html }: { title: string; updated: string; html: string }) {
  return (
    <>
      <PageIntro title={title}>
        <p>
          Last updated <time dateTime={updated}>{formatDate(updated)}</time>
        </p>
      </PageIntro>
      <div className="section section--flush">
        <div className="container container--narrow">
          <Markdown className="legal-text" html={html} />
        </div>
      </div>
    </>
  );
}
