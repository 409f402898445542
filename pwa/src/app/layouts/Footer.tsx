// Public footer: contact details and links (incl. privacy, terms and the staff sign-in). The spec's
// newsletter form is left out until something can send it.
import { Link } from 'react-router-dom';
import { SOCIAL_NETWORKS, telHref, type Company } from '@shared/company';
import { useHydrated } from '@/lib/useHydrated';
import { BrandMark } from './BrandMark';
import { NAV_LINKS } from './Header';
import { useCompany } from '@/lib/company';

const SOCIAL_NAMES: Record<(typeof SOCIAL_NETWORKS)[number], string> = { facebook: 'Facebook', instagram: 'Instagram', linkedin: 'LinkedIn', x: 'X' };

/**
 * What the office may add that the build's pages do not have (social links, the legal name): drawn
 * after hydration, so the pre-rendered footer hydrates as it was built.
 */
function FooterExtras({ co }: { co: Company; }) {
  const links = SOCIAL_NETWORKS.filter((n) => co.social[n]);
  const legal = [co.legalName, co.companyNumber && `company number ${co.companyNumber}`].filter(Boolean).join(', ');
  return (
    <>
      {links.length > 0 && (
        <ul className="site-footer__social" aria-label="Follow us">
          {links.map((n) => (
            <li key={n}>
              <a href={co.social[n]} rel="noopener noreferrer" target="_blank">
                {SOCIAL_NAMES[n]}
              </a>
            </li>
          ))}
        </ul>
      )}
      {legal && <p className="site-footer__note">{legal}</p>}
    </>
  );
}

export function Footer() {
  // The build's pre-render of `/` may be read in a later year: the year is the browser's, drawn after hydration.
  const hydrated = useHydrated();
  const year = hydrated ? new Date().getFullYear() : null;
  const co = useCompany();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__brand">
            <BrandMark size={28} /> {co.name}
          </h2>
          <p>Trusted domestic and commercial cleaning across London since {co.founded}.</p>
          {hydrated && <FooterExtras co={co} />}
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
            <li>
              <Link to="/employee/login">Staff sign-in</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container site-footer__legal">
        <p>
          © {year} {co.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
