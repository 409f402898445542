// Public header: seven links, compact after 50 px, hamburger under 1 101 px (the full row needs that much), guest or user tools.
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import type { PublicUser } from '@shared/schemas/auth';
import { lazyNamed } from '@/lib/lazyNamed';
import { useHydrated } from '@/lib/useHydrated';
import { BrandMark } from './BrandMark';
import { withBookParam } from '@/lib/bookingLink';
import { useCompactHeader } from './useCompactHeader';
import { useOutboxHint } from '@/lib/outbox/useOutboxHint';
import { outboxMaybeNonEmpty } from '@/lib/outbox/hint';
import { customerSession } from '@/lib/session';
import { useCompany } from '@/lib/company';

// Most visitors never queue anything: the unsent-items badge (and its live count) loads only on a
// device that may hold unsent items, from the start on such a device.
const OutboxBadge = lazyNamed(() => import('@/components/OutboxBadge'), 'OutboxBadge', outboxMaybeNonEmpty());
// Only a signed-in person has a menu: guests (most first visits) do not download it; a person signed
// in gets it from the start, so it is here when the header first draws it.
const UserMenu = lazyNamed(() => import('./UserMenu'), 'UserMenu', customerSession.user() !== null);

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/services', label: 'Services' },
  { to: '/enquiry', label: 'Enquiry' },
  { to: '/blog', label: 'Blog' },
  { to: '/career', label: 'Career' },
  { to: '/contact', label: 'Contact' },
] as const;

interface Props {
  user: PublicUser | null;
  onSignOut: () => void;
}

export function Header({ user: sessionUser, onSignOut }: Props) {
  const co = useCompany();
  const compact = useCompactHeader();
  // The pre-rendered `/` knows nobody: until hydration is done the guest links keep their place but
  // stay invisible (no 'Sign In' flashing at a signed-in person), and the user menu is not drawn.
  const known = useHydrated();
  const user = known ? sessionUser : null;
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname, search } = useLocation();
  const mayHoldItems = useOutboxHint();

  // A navigation closes the mobile menu: it was only a way to get there. Adjusting state during
  // render (not in an effect) avoids a frame where the old menu shows over the new page.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setMenuOpen(false);
  }

  const headerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    // A tap on the page below the open menu closes it, as people expect on phones.
    const onDown = (e: MouseEvent) => !headerRef.current?.contains(e.target as Node) && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [menuOpen]);

  return (
    <header ref={headerRef} className={`site-header${compact ? ' site-header--compact' : ''}`}>
      <div className="container site-header__bar">
        <Link to="/" className="brand" aria-label={`${co.name} home`}>
          <BrandMark />
          <span className="brand__name">{co.name}</span>
        </Link>
        <nav id="site-nav" className={`site-nav${menuOpen ? ' site-nav--open' : ''}`} aria-label="Main">
          <ul className="site-nav__links">
            {NAV_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.to === '/'}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <Link to={{ pathname, search: withBookParam(search) }} state={{ wizardDepth: 1 }} className="btn btn--accent btn--small site-nav__book">
            Book a clean
          </Link>
          {!user && (
            <div className={`site-nav__auth${known ? '' : ' site-nav__auth--pending'}`}>
              <Link to="/login" className="btn btn--ghost btn--small">
                Sign In
              </Link>
              <Link to="/signup" className="btn btn--primary btn--small">
                Sign Up
              </Link>
            </div>
          )}
        </nav>
        <div className="site-header__tools">
          {mayHoldItems && (
            <Suspense fallback={null}>
              <OutboxBadge />
            </Suspense>
          )}
          {user && (
            <Suspense fallback={null}>
              <UserMenu user={user} onSignOut={onSignOut} />
            </Suspense>
          )}
          <button
            type="button"
            className="hamburger"
            aria-expanded={menuOpen}
            aria-controls="site-nav"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((o) => !o)}
          >
            <span aria-hidden="true" className={`hamburger__icon${menuOpen ? ' hamburger__icon--open' : ''}`} />
          </button>
        </div>
      </div>
    </header>
  );
}
