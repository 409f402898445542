// Customer reviews. We never show reviews of our own making:
// publishing invented consumer reviews is unlawful in the UK (DMCC Act 2024). The reviews are the
// company's real ones on a review service; VITE_REVIEWS_URL names that page (Google, Trustpilot…) and
// this section links to it. Without it the section is not shown.
export function Reviews() {
  const reviewsUrl = import.meta.env.VITE_REVIEWS_URL as string | undefined;
  if (!reviewsUrl) return null;
  return (
    <section className="section reviews" aria-labelledby="reviews-title">
      <div className="container center">
        <h2 id="reviews-title">What our customers say</h2>
        <p className="muted">Read what our customers say about us, or leave a review of your own.</p>
        <a className="btn btn--ghost" href={reviewsUrl} target="_blank" rel="noopener noreferrer">
          Read our reviews
        </a>
      </div>
    </section>
  );
}
