// Profile (/profile): Profile and Activity tabs, photo, and the loading and failed states.
import { usePageTitle } from '@/components/usePageTitle';
import { useState } from 'react';
import { CUSTOMER_MSG } from '@shared/messages-customer';
import { Spinner } from '@/components/Spinner';
import { useAuth } from '@/lib/auth/AuthProvider';
import { useProfile } from './api';
import { Avatar } from './Avatar';
import { ProfileTab } from './ProfileTab';
import { ActivityTab } from './ActivityTab';
import { ChangePassword } from './ChangePassword';
import { NotificationSettings } from '@/components/NotificationSettings';
import { DataRights } from '@/components/DataRights';
import { CalendarAddress } from '@/components/CalendarAddress';
import { HomesSection } from '@/components/homes/HomesSection';
import './profile.css';

type Tab = 'profile' | 'activity';
const TABS: Array<[Tab, string]> = [
  ['profile', 'Profile'],
  ['activity', 'Activity'],
];

export default function ProfilePage() {
  usePageTitle('My Profile');
  const { user: sessionUser, checking } = useAuth();
  // Wait for the start-up session check, so a dead token is not asked about twice.
  const profile = useProfile(Boolean(sessionUser) && !checking);
  const [tab, setTab] = useState<Tab>('profile');

  if (!sessionUser) {
    return (
      <section className="container section profile">
        <div className="card profile__state">
          <h1>{CUSTOMER_MSG.notLoggedIn}</h1>
        </div>
      </section>
    );
  }
  if (profile.isPending) return <Spinner label="Loading your profile" />;
  if (profile.isError || !profile.data) {
    return (
      <section className="container section profile">
        <div className="card profile__state">
          <h1>{CUSTOMER_MSG.profileUnavailable}</h1>
          <p className="notice notice--error" role="alert">
            {CUSTOMER_MSG.profileLoadFailed}
          </p>
          <button type="button" className="btn btn--primary" onClick={() => void profile.refetch()}>
            Try again
          </button>
        </div>
      </section>
    );
  }
  const user = profile.data;

  return (
    <section className="container section profile">
      <header className="card profile__head">
        <Avatar name={user.name} picture={user.picture} />
        <div className="profile__who">
          <h1>{user.name}</h1>
          <p className="muted">{user.email}</p>
        </div>
      </header>
      <div className="profile__tabs" role="tablist" aria-label="Profile sections">
        {TABS.map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className={`profile__tab${tab === id ? ' is-active' : ''}`}
            onClick={() => setTab(id)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') setTab(tab === 'profile' ? 'activity' : 'profile');
            }}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="card profile__panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'profile' ? <ProfileTab user={user} /> : <ActivityTab user={user} />}
      </div>
      {tab === 'profile' && <ChangePassword user={user} />}
      <HomesSection />
      <NotificationSettings who="customer" />
      <CalendarAddress who="customer" />
      <DataRights who="customer" hasPassword={user.has_password !== false} />
    </section>
  );
}
