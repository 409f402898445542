import { Link, NavLink } from 'react-router-dom';
import { OutboxBadge } from '@/components/OutboxBadge';
import { CLEANER_VISITS_MSG } from '@shared/messages-cleaner-visits';

interface Props {
  id: string;
  open: boolean;
  availableBadge: number | null;
  /** Admins and super-admins also get the way into the office. */
  office: boolean;
  /** Called after a link is followed (the layout closes the drawer on phones). */
  onNavigate: () => void;
}

const LINKS = [
  { to: 'dashboard', label: 'Dashboard', icon: '▦' },
  // The work screen: every visit of every plan, by day.
  { to: 'my-visits', label: CLEANER_VISITS_MSG.navLabel, icon: '◷' },
  { to: 'available-bookings', label: 'Available Bookings', icon: '☰', badge: true },
  { to: 'my-bookings', label: 'My Bookings', icon: '✓' },
  { to: 'profile', label: 'My Profile', icon: '☺' },
  { to: 'blog', label: 'Blog', icon: '✎' },
  { to: 'time-off', label: 'Time off', icon: '☼' },
  { to: 'earnings', label: 'Earnings', icon: '£' },
] as const;

export function Sidebar({ id, open, availableBadge, office, onNavigate }: Props) {
  return (
    <aside id={id} className={`emp-sidebar${open ? ' emp-sidebar--open' : ''}`} aria-label="Portal navigation" hidden={!open}>
      <nav>
        <ul className="emp-nav">
          {LINKS.map((l) => (
            <li key={l.to}>
              <NavLink to={`/employee/${l.to}`} className={({ isActive }) => `emp-nav__link${isActive ? ' emp-nav__link--active' : ''}`} onClick={onNavigate}>
                <span aria-hidden="true" className="emp-nav__icon">
                  {l.icon}
                </span>
                <span>{l.label}</span>
                {'badge' in l && availableBadge !== null && availableBadge > 0 && (
                  <span className="badge emp-nav__badge" aria-label={`${availableBadge} available`}>
                    {availableBadge}
                  </span>
                )}
              </NavLink>
            </li>
          ))}
          {office && (
            <li>
              <Link to="/office" className="emp-nav__link" onClick={onNavigate}>
                <span aria-hidden="true" className="emp-nav__icon">
                  ⌂
                </span>
                <span>Office</span>
              </Link>
            </li>
          )}
        </ul>
      </nav>
      <div className="emp-sidebar__outbox">
        <OutboxBadge
          to="/outbox"
          kinds={['work', 'visit-work', 'visit-release', 'visit-on-my-way', 'visit-lockout', 'visit-photo', 'visit-problem', 'visit-checklist']}
        />
      </div>
      <div className="emp-status card" aria-label="Your status">
        <span className="emp-status__dot" aria-hidden="true" />
        <div>
          <strong>Available</strong>
          <p className="muted">Ready for new bookings</p>
        </div>
      </div>
    </aside>
  );
}
