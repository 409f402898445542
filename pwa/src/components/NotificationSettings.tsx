// "Notifications on this device" and the choices per kind (e-mail / push), for the customer's profile
// and the staff settings alike. The device switch subscribes this browser (lib/push.ts); the choices
// are the person's, kept by the server.
import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFY_MSG } from '@shared/messages-notify';
import { MARKETING_KINDS, NOTIFY_KINDS, type NotificationPreferences, type NotifyKind } from '@shared/schemas/notifications';
import { api, ApiError } from '@/lib/api';
import { currentSubscription, pushSupported, turnOffPush, turnOnPush, type PushAudience } from '@/lib/push';
import { TableHead } from './TableHead';
import './notification-settings.css';

const prefsPath = (who: PushAudience) => `${who === 'customer' ? '/api/user' : '/api/employee'}/notification-preferences`;

function DeviceSwitch({ who }: { who: PushAudience; }) {
  const [on, setOn] = useState<boolean | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void currentSubscription().then((s) => setOn(Boolean(s)));
  }, []);
  if (!pushSupported()) return <p className="muted">{NOTIFY_MSG.deviceUnsupported}</p>;
  const toggle = async () => {
    setBusy(true);
    try {
      if (on) {
        await turnOffPush(who);
        setOn(false);
        setNote(NOTIFY_MSG.deviceRemoved);
      } else {
        const permission = await turnOnPush(who);
        setOn(permission === 'granted');
        setNote(permission === 'granted' ? NOTIFY_MSG.deviceSaved : NOTIFY_MSG.deviceDenied);
      }
    } catch (err) {
      setNote(err instanceof ApiError && err.serverMessage ? err.serverMessage : NOTIFY_MSG.deviceUnsupported);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="notify-device">
      <p>{on ? NOTIFY_MSG.deviceOn : NOTIFY_MSG.deviceOff}</p>
      <button type="button" className="btn btn--ghost btn--small" disabled={on === null || busy} aria-pressed={Boolean(on)} onClick={() => void toggle()}>
        {on ? NOTIFY_MSG.deviceTurnOff : NOTIFY_MSG.deviceTurnOn}
      </button>
      <p className="muted" role="status">
        {note}
      </p>
    </div>
  );
}

export function NotificationSettings({ who }: { who: PushAudience; }) {
  const qc = useQueryClient();
  const consentId = useId();
  const key = ['notification-preferences', who];
  const prefs = useQuery({
    queryKey: key,
    queryFn: async () => (await api<{ preferences: NotificationPreferences; }>(prefsPath(who), { auth: who })).preferences,
  });
  const save = useMutation({
    mutationFn: (change: Partial<NotificationPreferences>) =>
      api<{ preferences: NotificationPreferences; }>(prefsPath(who), { method: 'PUT', auth: who, json: change }),
    onSuccess: (r) => qc.setQueryData(key, r.preferences),
    // Back to what the server holds when the change did not go through.
    onError: () => void qc.invalidateQueries({ queryKey: key }),
  });
  const flip = (kind: NotifyKind, channel: 'email' | 'push', value: boolean) => {
    if (!prefs.data) return;
    const change = { ...prefs.data[kind], [channel]: value };
    // Shown at once (a checkbox that waits for the server looks broken); the answer confirms it.
    qc.setQueryData(key, { ...prefs.data, [kind]: change });
    save.mutate({ [kind]: change });
  };
  return (
    <fieldset className="card notify-settings">
      <legend>{NOTIFY_MSG.deviceTitle}</legend>
      <DeviceSwitch who={who} />
      <h2 className="notify-settings__title">{NOTIFY_MSG.preferencesTitle}</h2>
      {prefs.data && (
        <table className="notify-settings__table">
          <TableHead columns={[NOTIFY_MSG.preferencesKind, NOTIFY_MSG.preferencesEmail, NOTIFY_MSG.preferencesPush]} />
          <tbody>
            {NOTIFY_KINDS.map((kind) => (
              <tr key={kind}>
                <th scope="row">{NOTIFY_MSG.kindLabel[kind]}</th>
                {(['email', 'push'] as const).map((channel) => (
                  <td key={channel}>
                    <input
                      type="checkbox"
                      aria-label={`${NOTIFY_MSG.kindLabel[kind]}: ${channel === 'email' ? NOTIFY_MSG.preferencesEmail : NOTIFY_MSG.preferencesPush}`}
                      checked={prefs.data[kind][channel]}
                      aria-describedby={MARKETING_KINDS.includes(kind) ? consentId : undefined}
                      onChange={(e) => flip(kind, channel, e.target.checked)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {/* Marketing needs consent: its boxes start unticked and say so. */}
      <p className="muted" id={consentId}>
        {NOTIFY_MSG.marketingConsent}
      </p>
      <p className="muted" role="status">
        {save.isSuccess ? NOTIFY_MSG.preferencesSaved : ''}
      </p>
    </fieldset>
  );
}
