// /employee/settings: notification and display preferences, kept on this device only.
import { usePageTitle } from '@/components/usePageTitle';
import { Link } from 'react-router-dom';
import { useEmployeeSession } from '../auth/EmployeeSession';
import { useEmployeeToast } from '../useEmployeeToast';
import { DEFAULT_PREFS, usePrefs, type EmployeePrefs } from './preferences';
import { NotificationSettings } from '@/components/NotificationSettings';
import './settings.css';

function Toggle({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (v: boolean) => void; }) {
  return (
    <label className="emp-setting">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        <strong>{label}</strong>
        <span className="muted">{hint}</span>
      </span>
    </label>
  );
}

export default function SettingsPage() {
  usePageTitle('Settings');
  const [prefs, setPrefs] = usePrefs();
  const toast = useEmployeeToast();
  const { token } = useEmployeeSession();
  const set = (next: Partial<EmployeePrefs>) => setPrefs(next);

  return (
    <section className="emp-settings">
      <div className="emp-page-head">
        <h1>Settings</h1>
      </div>
      <p className="muted">These preferences are saved on this device only. They change nothing on your account.</p>

      <fieldset className="card emp-settings__group">
        <legend>Notifications</legend>
        <Toggle
          label="Show the notification badge"
          hint="The bell in the header shows how many bookings are waiting to be accepted."
          checked={prefs.showNotificationBadge}
          onChange={(v) => set({ showNotificationBadge: v })}
        />
        <Toggle
          label="Sound with notifications"
          hint="Play a short tone when a message pops up."
          checked={prefs.toastSound}
          onChange={(v) => set({ toastSound: v })}
        />
        <button type="button" className="btn btn--ghost btn--small" onClick={() => toast.show('This is how notifications look.', 'info')}>
          Show a test notification
        </button>
      </fieldset>

      {token && <NotificationSettings who="employee" />}

      <fieldset className="card emp-settings__group">
        <legend>Display</legend>
        <Toggle
          label="Compact tables"
          hint="Tighter rows on the dashboard and My Bookings."
          checked={prefs.compactTables}
          onChange={(v) => set({ compactTables: v })}
        />
        <div className="field">
          <label htmlFor="blog-view-pref">Blog Management opens in</label>
          <select id="blog-view-pref" value={prefs.defaultBlogView} onChange={(e) => set({ defaultBlogView: e.target.value === 'list' ? 'list' : 'grid' })}>
            <option value="grid">Grid view</option>
            <option value="list">List view</option>
          </select>
        </div>
      </fieldset>

      <div className="actions emp-settings__actions">
        <button type="button" className="btn btn--ghost" onClick={() => setPrefs(DEFAULT_PREFS)}>
          Reset to defaults
        </button>
        <Link to={token ? '/employee/dashboard' : '/employee/login'} className="btn btn--primary">
          {token ? 'Back to dashboard' : 'Back to sign in'}
        </Link>
      </div>
    </section>
  );
}
