// The public and customer layout: header, the page, footer (spec §2). Guarded pages render inside it.
import { useCallback } from 'react';
import { Outlet } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../features/auth/AuthProvider';
import { Footer } from './Footer';
import { Header } from './Header';
import { clearOfflineCopy } from './signOut';
import './layout.css';

export function PublicLayout() {
  const { user, signOut } = useAuth();
  const queryClient = useQueryClient();
  const handleSignOut = useCallback(() => {
    signOut();
    // The next person on this device must not see the last one's cached bookings or profile.
    queryClient.clear();
    void clearOfflineCopy();
  }, [queryClient, signOut]);

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
    </div>
  );
}
