import { Link } from 'react-router-dom';
import { siteFacts } from '../../../components/layout/site-facts';
import { usePageTitle } from '../../../components/ui/page-title';
import { paths } from '../../../config/paths';
import { PageIntro } from '../components/page-intro';
import { CAPTURES_STAY_LOCAL } from '../content/capture-storage';
import { leaders } from '../content/leaders';

const facts = [
  { value: String(siteFacts.founded), label: 'Founded' },
  { value: siteFacts.usersText, label: 'Users' },
  { value: siteFacts.city, label: 'Home' },
  { value: '0', label: 'User records ever sold' },
];

export function AboutPage() {
  usePageTitle('About Us');
  return (
    <>
      <PageIntro eyebrow="Our story" title="About Us">
        <p>
          Full Page Shot was founded in {siteFacts.founded} to do one thing well: capture a whole web page in one click. Today {siteFacts.usersText} people
          use it.
        </p>
      </PageIntro>
      <section className="section section--flush" aria-labelledby="about-story">
        <div className="container container--narrow">
          <dl className="facts">
            {facts.map((f) => (
              <div key={f.label} className="facts__item">
                <dt>{f.label}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
          <h2 id="about-story" className="section__title section__title--left">
            Independent, and on your side
          </h2>
          <p>
            We are based in {siteFacts.city} and independently owned: no investors, no advertising, no one to answer to but our users. We are funded by the
            people who choose <Link to={paths.premium.href()}>Premium</Link> and by organisations on <Link to={paths.enterprise.href()}>Enterprise</Link> group plans.
          </p>
          <p>
            That is why we can make a simple promise: <strong>we have never sold user data, and we never will.</strong> {CAPTURES_STAY_LOCAL}
          </p>
        </div>
      </section>
      <section className="section section--tint" aria-labelledby="about-leaders">
        <div className="container">
          <h2 id="about-leaders" className="section__title">
            Leadership
          </h2>
          <ul className="leaders">
            {leaders.map((l) => (
              <li key={l.name} className="leader">
                <img src={l.portrait} alt={`Portrait of ${l.name}`} width="120" height="120" loading="lazy" />
                <div>
                  <h3 className="leader__name">{l.name}</h3>
                  <p className="leader__role">{l.role}</p>
                  <p>{l.bio}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

export { AboutPage as Component };
