// One visit on the schedule: time, customer, outward code, estimated hours, and its state in colour
// and in words (needs cover, unassigned, done…) with its flags (clash, bank holiday, closed, time off).
import { memo } from 'react';
import type { ScheduleVisit } from '@shared/schemas/schedule';
import { SCHEDULE_MSG as M } from '@shared/messages-schedule';
import { CHARGE_MSG as C } from '@shared/messages-charges';

export function stateOf(v: ScheduleVisit): string {
  if (v.s !== 'scheduled') return v.s;
  if (v.nc) return 'needsCover';
  return v.c === -1 ? 'open' : 'scheduled';
}

export function flagsOf(v: ScheduleVisit): string[] {
  return [v.x && M.clash, v.bh && M.bankHoliday, v.cd && M.closed, v.off && M.timeOff, v.lo && C.lockedOut, v.lc !== undefined && C.visitCharged(v.lc)].filter(Boolean) as string[];
}

export const VisitCard = memo(function VisitCard({ v, onOpen, style }: { v: ScheduleVisit; onOpen: (v: ScheduleVisit) => void; style?: React.CSSProperties }) {
  const state = stateOf(v);
  const flags = flagsOf(v);
  return (
    <button type="button" className={`sch-visit sch-visit--${state}${v.x ? ' sch-visit--clash' : ''}`} style={style} onClick={() => onOpen(v)} data-visit={v.id}>
      <span className="sch-visit__time">
        {v.t} · {v.h} h
      </span>
      <span className="sch-visit__who">{v.n}</span>
      <span className="sch-visit__area">{v.a}</span>
      <span className="sch-visit__state">{[M.stateText[state], ...flags].join(' · ')}</span>
    </button>
  );
});
