// The authenticated portal frame: header with menu toggle, title, notification badge and
// account menu; a sidebar that is a drawer on phones and closes after each navigation there.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, Outlet, useNavigate } from 'react-router-dom';
import { isOfficeRole, MOBILE_BREAKPOINT_PX } from '@shared/constants';
import { MSG } from '@shared/messages';
import { useEmployeeSession } from '../auth/EmployeeSession';
import { usePrefs } from '../settings/preferences';
import { Sidebar } from './Sidebar';
import { UserMenu } from './UserMenu';
import { useEmployeeStats } from './stats';
import { useUnseenNotices } from '../notices/unseen';
import { SavedAtContext } from './offlineNotice';
import { useScrollPosition } from '@/lib/useScrollPosition';
import { useOnline } from '@/lib/useOnline';
import { formatWhen } from '@shared/when';
import { NOTIFY_MSG as M_NOTIFY } from '@shared/messages-notify';
import './layout.css';

/** At or below 768 px the sidebar is a drawer that closes after each navigation. */
const isPhone = () => typeof window !== 'undefined' && window.innerWidth <= MOBILE_BREAKPOINT_PX;

export function EmployeeLayout({ children }: { children?: ReactNode; }) {
  const { employee, offline, signOut } = useEmployeeSession();
  useScrollPosition();
  const navigate = useNavigate();
  const [prefs] = usePrefs();
  const [open, setOpen] = useState(() => !isPhone());
  // No badge while the figures load or when they are a saved copy (see stats.ts).
  const { display } = useEmployeeStats();
  // The bell counts the notices not seen yet (none shown while unknown or offline).
  const unseen = useUnseenNotices();
  const office = isOfficeRole(employee?.role);
  const online = useOnline();
  // One offline notice per screen. The browser offline: the app's own bar says so (App.tsx), and
  // here only the age of the saved copy the page shows. The browser online but the server out of
  // reach: this notice, with that age.
  const [pageSavedAt, setPageSavedAt] = useState<number | null>(null);
  const reportSavedAt = useCallback((at: number | null) => setPageSavedAt(at), []);
  const savedText = pageSavedAt !== null ? `saved ${formatWhen(pageSavedAt)}` : null;

  // Escape closes the drawer on a phone, as it would a dialog.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && isPhone() && !document.querySelector('[role="dialog"]')) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const logout = () => {
    signOut();
    navigate('/employee/login', { replace: true });
  };

  return (
    <div className="emp-shell">
      <header className="emp-header">
        <button
          type="button"
          className="emp-header__toggle"
          aria-label={open ? 'Close menu' : 'Open menu'}
          aria-expanded={open}
          aria-controls="emp-sidebar"
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true">☰</span>
        </button>
        <Link to="/employee/dashboard" className="emp-header__title">
          Employee Portal
        </Link>
        <div className="emp-header__end">
          {prefs.showNotificationBadge && unseen !== null && (
            // The name holds the visible count as it is shown (axe label-content-name-mismatch).
            <Link to="/employee/notices" className="emp-bell" aria-label={M_NOTIFY.noticesBellName(unseen)}>
              {/* An SVG, not an emoji: phones without an emoji font showed an empty box. */}
              <svg
                aria-hidden="true"
                width="22"
                height="22"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
                <path d="M13.73 21a2 2 0 0 1-3.46 0" />
              </svg>
              {unseen > 0 && <span className="emp-bell__count">{unseen}</span>}
            </Link>
          )}
          <UserMenu name={employee?.name} email={employee?.email} office={office} onLogout={logout} />
        </div>
      </header>
      <div className="emp-body">
        {open && <div className="emp-backdrop" aria-hidden="true" onClick={() => setOpen(false)} />}
        <Sidebar id="emp-sidebar" open={open} availableBadge={display?.availableBadge ?? null} office={office} onNavigate={() => isPhone() && setOpen(false)} />
        <main className={`emp-main${prefs.compactTables ? ' emp-main--compact' : ''}`}>
          {online && (offline || savedText) && (
            <p className="notice notice--info" role="status">
              {MSG.offlineBanner}
              {savedText && ` (${savedText})`}
            </p>
          )}
          {!online && savedText && <p className="muted emp-saved-age">Showing what was {savedText}.</p>}
          <SavedAtContext.Provider value={reportSavedAt}>{children ?? <Outlet />}</SavedAtContext.Provider>
        </main>
      </div>
    </div>
  );
}
