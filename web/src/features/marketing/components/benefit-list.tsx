import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { siteFacts } from '../../../components/layout/site-facts';
import { benefits } from '../content/benefits';

const icons = [
  'M4 4h16v16H4zM8 8h8M8 12h8M8 16h5',
  'M6 3h9l4 4v14H6zM14 3v5h5M9 13h6M9 17h6',
  'M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6z M9 12l2 2 4-4',
  'M7 11V7a5 5 0 0 1 10 0v4M5 11h14v10H5z',
  'M6 2v14h14M2 6h14v14',
  'M4 20h16M7 16l3-9 3 6 2-3 3 6',
];

/** The benefits list on the home page; `ref` lets the hero arrow find it. */
export function BenefitList({ ref }: { ref?: Ref<HTMLElement> }) {
  return (
    <section ref={ref} id="benefits" className="section benefits" aria-labelledby="benefits-title">
      <div className="container">
        <h2 id="benefits-title" className="section__title">
          Why {siteFacts.usersText} people capture with Full Page Shot
        </h2>
        <ul className="benefits__grid">
          {benefits.map((b, i) => (
            <li key={b.title} className={`benefit benefit--${b.type}`}>
              <svg className="benefit__icon" width="32" height="32" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={icons[i % icons.length]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <h3 className="benefit__title">
                {b.title} <span className={`badge badge--${b.type}`}>{b.type === 'premium' ? 'Premium' : 'Free'}</span>
              </h3>
              <p>{b.text}</p>
              <Link to={b.to} className="benefit__link">
                {b.linkText}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
