// Edit mode of a pending booking (spec §2): best days (typed, or date + time joined as
// '<days> at HH:MM'), supplies and postcode; checked with the shared update schema.
import { useState, type FormEvent } from 'react';
import { MSG } from '../../../../shared/messages';
import { bookingUpdateSchema, type Booking, type BookingUpdateInput } from '../../../../shared/schemas/bookings';
import { cleanPostcode, fieldErrors } from '../../../../shared/schemas/common';
import { Field } from '../../components/Field';

interface Props {
  booking: Booking;
  busy: boolean;
  onSave: (changes: BookingUpdateInput) => void;
  onCancel: () => void;
}

export function EditBookingForm({ booking, busy, onSave, onCancel }: Props) {
  const [mode, setMode] = useState<'manual' | 'calendar'>('manual');
  const [manual, setManual] = useState(booking.bestDays ?? '');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [supplies, setSupplies] = useState(booking.supplies ?? '');
  const [postcode, setPostcode] = useState(booking.postcode ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const joined = date && time ? `${date} at ${time}` : date;
  const bestDays = mode === 'manual' ? manual : joined;

  function submit(e: FormEvent) {
    e.preventDefault();
    // Only what changed is sent: an untouched field is never re-checked against today's rules.
    const all = { bestDays, supplies, postcode };
    const changed = Object.fromEntries(Object.entries(all).filter(([k, v]) => v !== (booking[k as keyof typeof all] ?? '')));
    if (Object.keys(changed).length === 0) return onCancel();
    const parsed = bookingUpdateSchema.safeParse(changed);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    onSave(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate className="booking-edit">
      <fieldset className="booking-edit__mode">
        <legend>Best days</legend>
        <label>
          <input type="radio" name="bestDaysMode" checked={mode === 'manual'} onChange={() => setMode('manual')} /> Type it
        </label>
        <label>
          <input type="radio" name="bestDaysMode" checked={mode === 'calendar'} onChange={() => setMode('calendar')} /> Pick a date and time
        </label>
      </fieldset>
      {mode === 'manual' ? (
        <Field label="Best days" name="bestDays" value={manual} onChange={(e) => setManual(e.target.value)} error={errors.bestDays} hint="e.g. Mondays and Thursdays at 10:00" />
      ) : (
        <div className="booking-edit__pick">
          <Field label="Date" type="date" name="bestDate" value={date} onChange={(e) => setDate(e.target.value)} error={errors.bestDays} />
          <Field label="Time" type="time" name="bestTime" value={time} onChange={(e) => setTime(e.target.value)} />
          {joined && <p className="muted booking-edit__preview">Will be saved as: {joined}</p>}
        </div>
      )}
      <Field label="Supplies" name="supplies" placeholder={MSG.suppliesPlaceholder} value={supplies} onChange={(e) => setSupplies(e.target.value)} error={errors.supplies} />
      <Field label="Postcode" name="postcode" maxLength={8} value={postcode} onChange={(e) => setPostcode(cleanPostcode(e.target.value))} error={errors.postcode} />
      <div className="actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save Changes'}
        </button>
      </div>
    </form>
  );
}
