// The office frame: a header with the way back to the employee portal, and the section menu (a row of
// tabs that scrolls sideways below 1024 px, a sidebar column from there).
import { useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import type { Employee } from '@shared/schemas/employee';
import { OFFICE_NAV } from './nav';
import { InboxBadge } from './inbox/InboxBadge';

/** `me` is undefined while the staff member's profile is still being checked (the office opens meanwhile). */
export function OfficeLayout({ me }: { me: Employee | undefined; }) {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // In the sideways strip, bring the current section's tab into view (the strip scrolls, never the page).
  useEffect(() => {
    const strip = nav.current;
    const active = strip?.querySelector('.ofc-nav__link--active');
    if (!strip || !active || strip.scrollWidth <= strip.clientWidth) return;
    const s = strip.getBoundingClientRect();
    const a = active.getBoundingClientRect();
    strip.scrollLeft += a.left - s.left - (s.width - a.width) / 2;
  }, [pathname]);
  return (
    <div className="ofc-shell">
      <header className="ofc-header">
        <Link to="/office" className="ofc-header__title">
          Office
        </Link>
        <span className="ofc-header__who" title={me ? `${me.name} · ${me.role}` : undefined}>
          {me && (
            <>
              {me.name} · <span className="ofc-role">{me.role}</span>
            </>
          )}
        </span>
        <Link className="ofc-header__back" to="/employee/dashboard">
          Employee portal
        </Link>
      </header>
      <div className="ofc-body">
        <nav ref={nav} className="ofc-nav" aria-label="Office sections">
          <ul>
            {OFFICE_NAV.map((n) => (
              <li key={n.to}>
                <NavLink to={n.to} end={n.to === '/office'} className={({ isActive }) => `ofc-nav__link${isActive ? ' ofc-nav__link--active' : ''}`}>
                  <span aria-hidden="true">{n.icon}</span> {n.label}
                  {n.to === '/office/inbox' && <InboxBadge />}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className="ofc-main" id="main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
