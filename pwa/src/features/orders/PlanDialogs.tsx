// The dialogs of a plan's changes: skip or move one visit; pause, resume, end, or change the regular
// time of the plan. Each checks what the phone can know (dates, the shared cut-off rule) and sends
// through the outbox: done at once when online, otherwise saved as waiting to send.
import { useState, type FormEvent, type ReactNode } from 'react';
import { PLAN_MSG } from '@shared/messages-plans';
import { addDays, changeCutoff, londonDate, WEEKDAYS } from '@shared/visits';
import { formatWhen, londonDateAndTime, londonWallTime } from '@shared/when';
import type { VisitDto } from '@shared/schemas/visits';
import { ApiError, errorMessage } from '@/lib/api';
import { Modal } from '@/components/Modal';
import { Field } from '@/components/Field';
import { dayName } from '@shared/messages-plans';
import { CHARGE_MSG } from '@shared/messages-charges';
import { sendPlanChange, type PlanChange, type PlanView } from './plans-api';
import { chargeOf, isLate, visitsFrom, type LateCharge } from './late-charge';

export type DialogKind = { type: 'skip' | 'move'; visit: VisitDto; } | { type: 'pause' | 'resume' | 'end' | 'schedule'; };

interface Props {
  view: PlanView;
  dialog: DialogKind;
  onClose: () => void;
  /** The change was sent (or saved to send): the card says so. */
  onDone: (text: string | null) => void;
}

const visitWhen = (v: VisitDto) => formatWhen(Date.parse(v.start));
const M = PLAN_MSG;
const C = CHARGE_MSG;

/** The first of the known visits from `from` (to `until`) whose cut-off has passed, or undefined. */
function lateVisit(view: PlanView, from: string, until = '9999-12-31', now = Date.now()): VisitDto | undefined {
  return visitsFrom(view, from, until).find((v) => isLate(v, view, now));
}

/** The first date a plan change can start from: the next visit still open to change (else tomorrow). */
function firstOpenDate(view: PlanView, now = Date.now()): string {
  const open = view.visits.find((v) => v.state === 'scheduled' && now < changeCutoff(Date.parse(v.start), view.change_cutoff));
  return open ? londonDate(Date.parse(open.start)) : addDays(londonDate(now), 1);
}

export function PlanDialog({ view, dialog, onClose, onDone }: Props) {
  const bookingId = view.booking.id;
  const today = londonDate(Date.now());
  const start = firstOpenDate(view);
  const visit = 'visit' in dialog ? dialog.visit : null;
  const local = visit ? londonDateAndTime(Date.parse(visit.start)) : null;
  const [a, setA] = useState(dialog.type === 'move' ? (local?.date ?? '') : start);
  const [b, setB] = useState(dialog.type === 'move' ? (local?.time ?? '') : dialog.type === 'pause' ? addDays(start, 13) : (view.plan?.time ?? ''));
  const [days, setDays] = useState<number[]>(view.plan?.days ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // The server named another charge than the one shown (a price changed meanwhile): shown, asked again.
  const [serverCharge, setServerCharge] = useState<number | null>(null);
  const manyDays = view.plan?.frequency === 'daily' || view.plan?.frequency === 'twice-weekly';

  // After the cut-off a change costs a share of the visit's price: shown before the customer confirms.
  const charging = view.late_charge_percent !== undefined;
  const affected = visit
    ? [visit]
    : dialog.type === 'pause' || dialog.type === 'end' || dialog.type === 'schedule'
    ? (a ? visitsFrom(view, a, dialog.type === 'pause' && b ? b : undefined) : [])
    : [];
  const shown = chargeOf(affected, view);
  const late: LateCharge | null = serverCharge !== null ? { charge: serverCharge, visits: shown?.visits ?? 1 } : shown;

  /** What the phone can check before sending; the server checks the rest. */
  function check(): Record<string, string> {
    const e: Record<string, string> = {};
    const cut = (d: string) => (charging ? undefined : lateVisit(view, d, dialog.type === 'pause' && b ? b : undefined));
    if (dialog.type === 'move') {
      if (!a) e.date = M.pickDate;
      if (!b) e.time = M.pickTime;
      const at = a && b ? londonWallTime(a, b) : null;
      if (at !== null && at <= Date.now()) e.date = M.notInPast;
      else if (at !== null && Date.now() >= changeCutoff(at, view.change_cutoff)) e.date = M.tooLate(formatWhen(changeCutoff(at, view.change_cutoff)));
    }
    if (dialog.type === 'pause' || dialog.type === 'end' || dialog.type === 'schedule') {
      if (!a) e.from = M.pickDate;
      else if (a < today) e.from = M.notInPast;
      else {
        const late = cut(a);
        if (late) e.from = M.tooLate(formatWhen(changeCutoff(Date.parse(late.start), view.change_cutoff)));
      }
    }
    if (dialog.type === 'pause' && a && b && b < a) e.until = M.untilAfterFrom;
    if (dialog.type === 'schedule') {
      if (!b) e.time = M.pickTime;
      if (manyDays && view.plan?.frequency === 'twice-weekly' && days.length !== 2) e.days = M.twoDays;
      if (manyDays && days.length === 0) e.days = M.someDays;
    }
    return e;
  }

  function change(): PlanChange {
    const charge = late ? { charge: late.charge } : {};
    switch (dialog.type) {
      case 'skip':
        return { action: 'skip', bookingId, visit: dialog.visit, when: visitWhen(dialog.visit), ...charge };
      case 'move':
        return {
          action: 'move',
          bookingId,
          visit: dialog.visit,
          when: visitWhen(dialog.visit),
          start: `${a}T${b}`,
          to: formatWhen(londonWallTime(a, b) ?? 0),
          ...charge,
        };
      case 'pause':
        return { action: 'pause', bookingId, from: a, until: b, ...charge };
      case 'resume':
        return { action: 'resume', bookingId };
      case 'end':
        return { action: 'end', bookingId, from: a, ...charge };
      case 'schedule':
        return { action: 'schedule', bookingId, from: a, time: b, ...(manyDays ? { days: [...days].sort((x, y) => x - y) } : {}), ...charge };
    }
  }

  async function send(e?: FormEvent) {
    e?.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const out = await sendPlanChange(change());
      // A queued change is shown by the card from the outbox itself (waiting, then done or refused).
      onDone(out.status === 'sent' ? (out.body.message ?? M.sentNow) : null);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.errorType === 'late_change_charge' && typeof err.body.charge_pence === 'number') {
        // Never charged silently: the server's amount is shown and the customer confirms again (or keeps).
        setServerCharge(err.body.charge_pence);
        setErrors({ form: CHARGE_MSG.chargeChanged(err.body.charge_pence) });
        return;
      }
      // Refused at once (past the cut-off, a day already taken…): said here, nothing was changed.
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      setErrors({ form: errorMessage(err, M.refusedHint), ...(fields.start ? { date: fields.start } : {}), ...(fields.from ? { from: fields.from } : {}) });
    } finally {
      setBusy(false);
    }
  }

  const titles = { skip: M.skipTitle, move: M.moveTitle, pause: M.pauseTitle, resume: M.resumeTitle, end: M.endTitle, schedule: M.scheduleTitle };
  const confirm = late
    ? C.confirmCharge(late.charge)
    : { skip: M.skip, move: M.move, pause: M.pause, resume: M.resume, end: M.end, schedule: M.save }[dialog.type];
  const percent = view.late_charge_percent ?? 0;
  const costs = !late
    ? null
    : dialog.type === 'skip'
    ? C.skipCosts(late.charge, percent)
    : dialog.type === 'move'
    ? C.moveCosts(late.charge, percent)
    : C.planCosts(late.charge, late.visits, percent);
  let body: ReactNode = null;
  if (dialog.type === 'skip') body = <p>{M.skipQuestion(visitWhen(dialog.visit))}</p>;
  if (dialog.type === 'resume') body = <p>{M.resumeQuestion}</p>;
  if (dialog.type === 'move') {
    body = (
      <div className="plan-form__pair">
        <Field label={M.moveTo} type="date" name="date" min={today} value={a} onChange={(e) => setA(e.target.value)} error={errors.date} required />
        <Field label={M.moveTime} type="time" name="time" value={b} onChange={(e) => setB(e.target.value)} error={errors.time} required />
      </div>
    );
  }
  if (dialog.type === 'pause') {
    body = (
      <>
        <p className="muted">{M.pauseHint}</p>
        <div className="plan-form__pair">
          <Field label={M.pauseFrom} type="date" name="from" min={today} value={a} onChange={(e) => setA(e.target.value)} error={errors.from} required />
          <Field
            label={M.pauseUntil}
            type="date"
            name="until"
            min={a || today}
            value={b}
            onChange={(e) => setB(e.target.value)}
            error={errors.until}
            required
          />
        </div>
      </>
    );
  }
  if (dialog.type === 'end') {
    body = (
      <>
        <Field label={M.endFrom} type="date" name="from" min={today} value={a} onChange={(e) => setA(e.target.value)} error={errors.from} required />
        <p className="notice plan-warning">{M.endWarning}</p>
      </>
    );
  }
  if (dialog.type === 'schedule') {
    body = (
      <>
        <p className="muted">{M.scheduleHint}</p>
        <div className="plan-form__pair">
          <Field label={M.scheduleTime} type="time" name="time" value={b} onChange={(e) => setB(e.target.value)} error={errors.time} required />
          <Field label={M.scheduleFrom} type="date" name="from" min={today} value={a} onChange={(e) => setA(e.target.value)} error={errors.from} required />
        </div>
        {manyDays && (
          <fieldset className="plan-form__days" aria-describedby={errors.days ? 'plan-days-error' : undefined}>
            <legend>{M.scheduleDays}</legend>
            {WEEKDAYS.map((d) => (
              <label key={d} className="plan-form__day">
                <input type="checkbox" checked={days.includes(d)} onChange={(e) => setDays(e.target.checked ? [...days, d] : days.filter((x) => x !== d))} />
                {' '}
                {dayName(d)}
              </label>
            ))}
            {errors.days && (
              <p id="plan-days-error" className="field__error" role="alert">
                {errors.days}
              </p>
            )}
          </fieldset>
        )}
      </>
    );
  }

  return (
    <Modal open title={titles[dialog.type]} onClose={onClose}>
      <form onSubmit={(e) => void send(e)} noValidate className="plan-form">
        {errors.form && (
          <p className="notice notice--error" role="alert">
            {errors.form}
          </p>
        )}
        {body}
        {costs && (
          <p className="notice plan-warning plan-charge" role="status">
            <strong>{C.lateTitle}:</strong> {costs}
          </p>
        )}
        <div className="actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {late ? C.keep : M.cancel}
          </button>
          <button type="submit" className={`btn ${dialog.type === 'end' ? 'btn--danger' : 'btn--primary'}`} disabled={busy}>
            {busy ? '…' : confirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}
