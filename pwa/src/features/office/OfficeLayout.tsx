// The office frame: a header with the way back to the employee portal, and the section menu (a row of
// tabs that scrolls sideways on a phone, a sidebar column from 769 px).
import { Link, NavLink, Outlet } from 'react-router-dom';
import type { Employee } from '@shared/schemas/employee';
import { OFFICE_NAV } from './nav';
import { InboxBadge } from './inbox/InboxBadge';

export function OfficeLayout({ me }: { me: Employee }) {
  return (
    <div className="ofc-shell">
      <header className="ofc-header">
        <Link to="/office" className="ofc-header__title">
          Office
        </Link>
        <span className="ofc-header__who">
          {me.name} · <span className="ofc-role">{me.role}</span>
        </span>
        <Link className="ofc-header__back" to="/employee/dashboard">
          Employee portal
        </Link>
      </header>
      <div className="ofc-body">
        <nav className="ofc-nav" aria-label="Office sections">
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
