import { reviews as allReviews, splitIntoColumns, type Review } from '../content/reviews';
import { formatDate } from './format-date';

/** Reviews in 2 columns. */
export function ReviewColumns({ reviews = allReviews }: { reviews?: Review[] }) {
  return (
    <section className="section reviews" aria-labelledby="reviews-title">
      <div className="container">
        <h2 id="reviews-title" className="section__title">
          What our users say
        </h2>
        <div className="reviews__columns">
          {splitIntoColumns(reviews, 2).map((column, i) => (
            <ul key={i} className="reviews__column">
              {column.map((r) => (
                <li key={r.name}>
                  <figure className="review">
                    <blockquote className="review__text">
                      <p>{r.text}</p>
                    </blockquote>
                    <figcaption className="review__by">
                      <img src={r.image} srcSet={`${r.image} 1x, ${r.image2x} 2x`} width="56" height="56" alt="" loading="lazy" />
                      <span>
                        <span className="review__name">{r.name}</span>
                        <time className="review__date" dateTime={r.date}>
                          {formatDate(r.date)}
                        </time>
                      </span>
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </section>
  );
}
