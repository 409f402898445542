// "Your visits in your own calendar": the person's private calendar address (webcal://…/calendar/
// <secret>.ics), with Copy and "Make a new address" (the old one stops working at once). For the
// customer's profile and the cleaner's alike; README "Calendar subscription".
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CALENDAR_MSG } from '@shared/messages-calendar';
import { api, errorMessage } from '@/lib/api';
import { useOnline } from '@/lib/useOnline';
import { ConfirmDialog } from './ConfirmDialog';
import './calendar-address.css';

type Who = 'customer' | 'employee';
interface CalendarUrls {
  address: string;
  url: string;
}

const pathOf = (who: Who) => `${who === 'customer' ? '/api/user' : '/api/employee'}/calendar-address`;

export function CalendarAddress({ who }: { who: Who; }) {
  const qc = useQueryClient();
  const online = useOnline();
  const key = ['calendar-address', who];
  const [note, setNote] = useState('');
  const [asking, setAsking] = useState(false);
  const current = useQuery({
    queryKey: key,
    queryFn: async () => (await api<{ calendar: CalendarUrls; }>(pathOf(who), { auth: who })).calendar,
    enabled: online,
    staleTime: Infinity,
  });
  const rotate = useMutation({
    mutationFn: () => api<{ calendar: CalendarUrls; message?: string; }>(pathOf(who), { method: 'POST', auth: who }),
    onSuccess: (r) => {
      qc.setQueryData(key, r.calendar);
      setNote(r.message ?? CALENDAR_MSG.rotated);
      setAsking(false);
    },
    onError: (err) => {
      setNote(errorMessage(err, CALENDAR_MSG.loadFailed));
      setAsking(false);
    },
  });
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setNote(CALENDAR_MSG.copied);
    } catch {
      setNote(CALENDAR_MSG.copyFailed);
    }
  };
  const address = current.data?.address;
  return (
    <section className="card calendar-address" aria-labelledby={`calendar-${who}`}>
      <h2 id={`calendar-${who}`}>{CALENDAR_MSG.title}</h2>
      <p>{CALENDAR_MSG.intro}</p>
      {!online && !address && <p className="muted">{CALENDAR_MSG.offline}</p>}
      {current.isError && <p className="notice notice--error">{CALENDAR_MSG.loadFailed}</p>}
      {address && (
        <>
          <label className="calendar-address__label" htmlFor={`calendar-url-${who}`}>
            {CALENDAR_MSG.addressLabel}
          </label>
          <div className="calendar-address__row">
            <input id={`calendar-url-${who}`} className="calendar-address__url" readOnly value={address} onFocus={(e) => e.currentTarget.select()} />
            <button type="button" className="btn btn--primary btn--small" onClick={() => void copy(address)}>
              {CALENDAR_MSG.copy}
            </button>
          </div>
          <p className="muted calendar-address__privacy">{CALENDAR_MSG.privacy}</p>
          <button type="button" className="btn btn--ghost btn--small" disabled={!online || rotate.isPending} onClick={() => setAsking(true)}>
            {rotate.isPending ? CALENDAR_MSG.rotating : CALENDAR_MSG.rotate}
          </button>
        </>
      )}
      <p className="muted" role="status">
        {note}
      </p>
      <ConfirmDialog
        open={asking}
        title={CALENDAR_MSG.rotate}
        question={CALENDAR_MSG.confirmRotate}
        confirmLabel={CALENDAR_MSG.rotate}
        busy={rotate.isPending}
        onConfirm={() => rotate.mutate()}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
