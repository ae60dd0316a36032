import { Link } from 'react-router-dom';
import type { FaqHtmlCategory } from '../content/faq-html.build';
import { Markdown } from './markdown';

/** The FAQ: a sidebar of categories linking to anchors, and the question and answer blocks. */
export function FaqList({ categories }: { categories: FaqHtmlCategory[] }) {
  return (
    <div className="faq">
      <nav className="faq__sidebar" aria-label="FAQ categories">
        <h2 className="faq__sidebar-title">Categories</h2>
        <ol>
          {categories.map((c) => (
            <li key={c.id}>
              <Link to={`#${c.id}`}>{c.title}</Link>
            </li>
          ))}
        </ol>
      </nav>
      <div className="faq__content">
        {categories.map((c) => (
          <section key={c.id} id={c.id} className="faq__category" aria-labelledby={`${c.id}-title`}>
            <h2 id={`${c.id}-title`}>{c.title}</h2>
            {c.entries.map((e) => (
              <article key={e.id} id={e.id} className="faq__entry" aria-labelledby={`${e.id}-q`}>
                <h3 id={`${e.id}-q`}>
                  <Link to={`#${e.id}`} className="faq__anchor">
                    {e.question}
                  </Link>
                </h3>
                <Markdown html={e.answerHtml} />
              </article>
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}
