// A page's way on: its main call to action, and "Contact us" beside it.
import { Link } from 'react-router-dom';

export function CtaActions({ className, to, label }: { className: string; to: string; label: string; }) {
  return (
    <div className={className}>
      <Link to={to} className="btn btn--primary">
        {label}
      </Link>
      <Link to="/contact" className="btn btn--ghost">
        Contact us
      </Link>
    </div>
  );
}
