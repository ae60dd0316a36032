import { siteFacts, mailto } from '../../../components/layout/site-facts';
import { usePageTitle } from '../../../components/ui/page-title';
import { formatDate } from '../components/format-date';
import { PageIntro } from '../components/page-intro';
import { pressItems } from '../content/press';

export function PressPage() {
  usePageTitle('Press');
  return (
    <>
      <PageIntro eyebrow="Newsroom" title="Press">
        <p>
          What publications have written about Full Page Shot since {siteFacts.founded}. Journalists can reach us at{' '}
          <a href={mailto(siteFacts.pressEmail)}>{siteFacts.pressEmail}</a>.
        </p>
      </PageIntro>
      <div className="section section--flush">
        <div className="container container--narrow">
          <ol className="press-list">
            {pressItems.map((p) => (
              <li key={p.url} className="press-item">
                <img className="press-item__logo" src={p.logo} alt="" height="32" loading="lazy" />
                <div>
                  <p className="press-item__meta">
                    <span className="press-item__name">{p.name}</span> ·{' '}
                    <time dateTime={p.date}>{formatDate(p.date)}</time>
                  </p>
                  <h2 className="press-item__title">
                    <a href={p.url} rel="noopener noreferrer">
                      {p.title}
                    </a>
                  </h2>
                  <p className="press-item__caption">{p.caption}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </>
  );
}

export { PressPage as Component };
