// Public footer: contact details, links (incl. privacy and terms), and the newsletter that is not running yet.
import { Link } from 'react-router-dom';
import { telHref } from '@shared/company';
import { useHydrated } from '@/lib/useHydrated';
import { BrandMark } from './BrandMark';
import { NAV_LINKS } from './Header';
import { useCompany } from '@/lib/company';

export function Footer() {
  // The build's pre-render of `/` may be read in a later year: the year is the browser's, drawn after hydration.
  const year = useHydrated() ? new Date().getFullYear() : null;
  const co = useCompany();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__brand">
            <BrandMark size={28} /> {co.name}
          </h2>
          <p>Trusted domestic and commercial cleaning across London since {co.founded}.</p>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <address>
            <a href={telHref(co.phone)}>{co.phone}</a>
            <br />
            <a href={`mailto:${co.email}`}>{co.email}</a>
            <br />
            {co.address}
          </address>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links">Links</h2>
          <ul className="site-footer__links">
            {NAV_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms">Terms of Service</Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-news">
          <h2 id="footer-news">Newsletter</h2>
          {/* The spec's newsletter form sends nothing. Rather than pretend to subscribe, it says so. */}
          <form className="newsletter" onSubmit={(e) => e.preventDefault()} aria-describedby="newsletter-note">
            <label htmlFor="newsletter-email" className="visually-hidden">
              Email for the newsletter
            </label>
            <input id="newsletter-email" type="email" placeholder="you@example.com" disabled />
            <button type="submit" className="btn btn--accent btn--small" disabled>
              Coming soon
            </button>
          </form>
          <p id="newsletter-note" className="site-footer__note">
            Our newsletter is coming soon. We are not collecting sign-ups yet, so nothing is sent or stored.
          </p>
        </section>
      </div>
      <div className="container site-footer__legal">
        <p>
          © {year} {co.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
