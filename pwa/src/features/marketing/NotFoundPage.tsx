// A real 404 page: says what happened and offers a way on.
import { useLocation } from 'react-router-dom';
import { CtaActions } from './CtaActions';
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
        <CtaActions className="not-found__actions" to="/" label="Go to the home page" />
      </div>
    </section>
  );
}
