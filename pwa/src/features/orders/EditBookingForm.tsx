// Edit mode of a pending booking: best days (typed, or date + time joined as
// '<days> at HH:MM'), supplies and postcode; checked with the shared update schema.
import { useState, type FormEvent } from 'react';
import { CUSTOMER_MSG } from '@shared/messages-customer';
import { OTHER, POSTCODE_MAX, WIZARD_OPTIONS } from '@shared/constants';
import { bookingUpdateSchema, type Booking, type BookingUpdateInput } from '@shared/schemas/bookings';
import { bestDaysMoment, formatWhen, londonDateAndTime, londonWallTime } from '@shared/when';
import { cleanPostcode, formatPostcode, typedPostcode } from '@shared/postcode';
import { PRICE_MSG } from '@shared/messages-prices';
import { addDays, londonDate } from '@shared/visits';
import { Field } from '@/components/Field';
import { FormButtons } from '@/components/FormButtons';
import { useForm } from '@/lib/form/useForm';

interface Props {
  booking: Booking;
  busy: boolean;
  onSave: (changes: BookingUpdateInput) => void;
  onCancel: () => void;
}

const SUPPLY_CHOICES: readonly string[] = WIZARD_OPTIONS.supplies;

export function EditBookingForm({ booking, busy, onSave, onCancel }: Props) {
  // A booked moment opens the calendar and time pickers already set to it (UK time); free text opens as typed.
  const moment = booking.scheduledAt ? Date.parse(booking.scheduledAt) : bestDaysMoment(booking.bestDays ?? '');
  const picked = moment === null ? null : londonDateAndTime(moment);
  const [mode, setMode] = useState<'manual' | 'calendar'>(picked ? 'calendar' : 'manual');
  const [manual, setManual] = useState(picked ? '' : (booking.bestDays ?? ''));
  const [date, setDate] = useState(picked?.date ?? '');
  const [time, setTime] = useState(picked?.time ?? '');
  // Supplies: the wizard's choices, with the booking's own answer chosen ('Other' + its text when it is not one of them).
  const known = SUPPLY_CHOICES.includes(booking.supplies) && booking.supplies !== OTHER;
  const [supplyChoice, setSupplyChoice] = useState(known ? booking.supplies : OTHER);
  const [supplyOther, setSupplyOther] = useState(known ? '' : (booking.supplies ?? ''));
  const supplies = supplyChoice === OTHER ? supplyOther.trim() : supplyChoice;
  // Shown as people write it (N1 7GU); sent in its stored form.
  const [postcode, setPostcode] = useState(formatPostcode(booking.postcode));
  // The pickers keep their own state: the hook checks the candidate built from them on submit.
  const form = useForm({ initial: {}, schema: bookingUpdateSchema, onSubmit: onSave });
  const { errors } = form;

  const joined = date && time ? `${date} at ${time}` : date;
  // Unchanged pickers send nothing: the stored text may be the wizard's form of the same moment.
  const samePick = picked !== null && date === picked.date && time === picked.time;
  const bestDays = mode === 'manual' ? manual : samePick ? booking.bestDays : joined;
  const preview = date && time ? londonWallTime(date, time) : null;
  // The 14-day rule, as the wizard asks it: a new date before the 15th day after booking needs the tick.
  const [startEarly, setStartEarly] = useState(false);
  const newMoment = mode === 'calendar' && !samePick && preview !== null ? preview : null;
  const needsTick = newMoment !== null && !booking.start_within_14_days && londonDate(newMoment) < addDays(londonDate(Date.parse(booking.created_at)), 15);

  function submit(e: FormEvent<HTMLFormElement>) {
    // Only what changed is sent: an untouched field is never re-checked against today's rules.
    const all = { bestDays, supplies, postcode: cleanPostcode(postcode) };
    const changed: Record<string, unknown> = Object.fromEntries(Object.entries(all).filter(([k, v]) => v !== (booking[k as keyof typeof all] ?? '')));
    if (needsTick && startEarly && 'bestDays' in changed) changed.start_within_14_days = true;
    if (Object.keys(changed).length > 0) return void form.submit(e, changed);
    e.preventDefault();
    onCancel();
  }

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="booking-edit">
      <fieldset className="booking-edit__mode">
        <legend>Best days</legend>
        <label>
          <input type="radio" name="bestDaysMode" checked={mode === 'manual'} onChange={() => setMode('manual')} /> Type it
        </label>
        <label>
          <input type="radio" name="bestDaysMode" checked={mode === 'calendar'} onChange={() => setMode('calendar')} /> Pick a date and time
        </label>
      </fieldset>
      {mode === 'manual' ?
        (
          <Field
            label="Best days"
            name="bestDays"
            value={manual}
            onChange={(e) => setManual(e.target.value)}
            error={errors.bestDays}
            hint="e.g. Mondays and Thursdays at 10:00"
          />
        ) :
        (
          <div className="booking-edit__pick">
            <Field label="Date" type="date" name="bestDate" value={date} onChange={(e) => setDate(e.target.value)} error={errors.bestDays} />
            <Field label="Time" type="time" name="bestTime" value={time} onChange={(e) => setTime(e.target.value)} />
            {preview !== null && <p className="muted booking-edit__preview">Will be saved as: {formatWhen(preview)}</p>}
            {needsTick && (
              <label className="booking-edit__choice">
                <input type="checkbox" name="start_within_14_days" checked={startEarly} onChange={(e) => setStartEarly(e.target.checked)} />{' '}
                {PRICE_MSG.startEarly}
              </label>
            )}
            {needsTick && errors.start_within_14_days && (
              <p className="field__error" role="alert">
                {errors.start_within_14_days}
              </p>
            )}
          </div>
        )}
      <fieldset className="booking-edit__supplies">
        <legend>Supplies</legend>
        {SUPPLY_CHOICES.map((choice) => (
          <label key={choice} className="booking-edit__choice">
            <input type="radio" name="supplies" value={choice} checked={supplyChoice === choice} onChange={() => setSupplyChoice(choice)} /> {choice}
          </label>
        ))}
        {supplyChoice === OTHER && (
          <Field
            label="Please specify"
            name="suppliesOther"
            placeholder={CUSTOMER_MSG.suppliesPlaceholder}
            value={supplyOther}
            onChange={(e) => setSupplyOther(e.target.value)}
            error={errors.supplies}
          />
        )}
        {supplyChoice !== OTHER && errors.supplies && (
          <p className="field__error" role="alert">
            {errors.supplies}
          </p>
        )}
      </fieldset>
      <Field
        label="Postcode"
        name="postcode"
        maxLength={POSTCODE_MAX + 2}
        value={postcode}
        onChange={(e) => setPostcode(typedPostcode(e.target.value))}
        error={errors.postcode}
      />
      <FormButtons busy={busy} submitLabel="Save Changes" busyLabel="Saving…" onCancel={onCancel} lockCancel />
    </form>
  );
}
