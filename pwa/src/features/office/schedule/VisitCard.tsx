// One visit on the schedule: time, customer, outward code, estimated hours, and its state in colour
// and in words (needs cover, unassigned, done…) with its flags (clash, bank holiday, closed, time off).
import { memo } from 'react';
import type { ScheduleVisit } from '@shared/schemas/schedule';
import { SCHEDULE_MSG as M } from '@shared/messages-schedule';
import { CHARGE_MSG as C } from '@shared/messages-charges';

export function stateOf(v: ScheduleVisit): string {
  if (v.state !== 'scheduled') return v.state;
  if (v.needs_cover) return 'needsCover';
  return v.cleaner === -1 ? 'open' : 'scheduled';
}

export function flagsOf(v: ScheduleVisit): string[] {
  return [
    v.clash && M.clash,
    v.bank_holiday && M.bankHoliday,
    v.closed_day && M.closed,
    v.time_off && M.timeOff,
    v.locked_out && C.lockedOut,
    v.late_charge_pence !== undefined && C.visitCharged(v.late_charge_pence),
  ].filter(Boolean) as string[];
}

export const VisitCard = memo(function VisitCard({ v, onOpen, style }: { v: ScheduleVisit; onOpen: (v: ScheduleVisit) => void; style?: React.CSSProperties; }) {
  const state = stateOf(v);
  const flags = flagsOf(v);
  return (
    <button
      type="button"
      className={`sch-visit sch-visit--${state}${v.clash ? ' sch-visit--clash' : ''}`}
      style={style}
      onClick={() => onOpen(v)}
      data-visit={v.id}
    >
      <span className="sch-visit__time">
        {v.time} · {v.hours} h
      </span>
      <span className="sch-visit__who">{v.customer}</span>
      <span className="sch-visit__area">{v.outward_code}</span>
      <span className="sch-visit__state">{[M.stateText[state], ...flags].join(' · ')}</span>
    </button>
  );
});
