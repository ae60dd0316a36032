import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { asSeenIn } from '../content/press-outlets';

/** The five publication logos under As seen in. */
export function PressLogos() {
  return (
    <section className="section section--tint press-logos" aria-labelledby="as-seen-in">
      <div className="container">
        <h2 id="as-seen-in" className="press-logos__title">
          As seen in
        </h2>
        <ul className="press-logos__list">
          {asSeenIn.map((o) => (
            <li key={o.slug}>
              <img src={o.logo} alt={o.name} height="40" loading="lazy" />
            </li>
          ))}
        </ul>
        <p className="press-logos__more">
          <Link to={paths.press.href()}>Read what the press says</Link>
        </p>
      </div>
    </section>
  );
}
