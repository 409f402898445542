// Customer reviews, rendered by us (no third-party widget script on the page).
import { REVIEWS } from './content';

// Review dates are calendar days: read and shown in UTC, so the month is the same in every time zone
// (and in the build's pre-render of `/`, which the browser hydrates).
const dateFmt = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function Stars({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {'★'.repeat(rating)}
      <span className="stars__off">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}

export function Reviews() {
  const average = REVIEWS.reduce((sum, r) => sum + r.rating, 0) / REVIEWS.length;
  return (
    <section className="section reviews" aria-labelledby="reviews-title">
      <div className="container">
        <h2 id="reviews-title" className="center">
          What our customers say
        </h2>
        <p className="center muted">
          Rated {average.toFixed(1)} out of 5 from {REVIEWS.length} recent reviews
        </p>
        <ul className="grid grid--3 reviews__list">
          {REVIEWS.map((r) => (
            <li key={r.name} className="card review">
              <Stars rating={r.rating} />
              <blockquote className="review__text">“{r.text}”</blockquote>
              <p className="review__who">
                <strong>{r.name}</strong> · {r.area} · <time dateTime={r.date}>{dateFmt.format(new Date(r.date))}</time>
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
