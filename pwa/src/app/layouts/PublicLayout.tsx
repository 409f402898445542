// The public and customer layout: header, the page, footer. Guarded pages render inside it.
import { useCallback } from 'react';
import { Outlet } from 'react-router-dom';
import { useAuth } from '@/lib/auth/AuthProvider';
import { Footer } from './Footer';
import { Header } from './Header';
import { BookingWizardHost } from './BookingWizardHost';
import { clearOfflineCopy } from './signOut';
import { useScrollPosition } from '@/lib/useScrollPosition';
import './layout.css';

export function PublicLayout() {
  const { user, signOut } = useAuth();
  useScrollPosition();
  const handleSignOut = useCallback(() => {
    // AuthProvider drops the person's cached account queries; the offline copy of their bookings
    // lives in IndexedDB and is cleared here, so the next person on this device sees neither.
    signOut();
    void clearOfflineCopy();
  }, [signOut]);

  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header user={user} onSignOut={handleSignOut} />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <BookingWizardHost />
    </div>
  );
}
