// A real 404 page: says what happened and offers a way on.
import { Link, useLocation } from 'react-router-dom';
import './marketing.css';
import { usePageTitle } from '@/components/usePageTitle';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  const { pathname } = useLocation();
  return (
    <section className="section not-found">
      <div className="container center">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1>Page not found</h1>
        <p className="muted">
          We could not find <code className="not-found__path">{pathname}</code>. It may have moved, or the link may be mistyped.
        </p>
        <div className="not-found__actions">
          <Link to="/" className="btn btn--primary">
            Go to the home page
          </Link>
          <Link to="/contact" className="btn btn--ghost">
            Contact us
          </Link>
        </div>
      </div>
    </section>
  );
}
