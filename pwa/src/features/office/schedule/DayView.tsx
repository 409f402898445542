// One day: each cleaner's track from 07:00 to 21:00 with visits placed by their time and as long as
// their estimated hours (the Unassigned lane on top). On a phone: one list per cleaner, in time order.
import type { ScheduleAnswer, ScheduleVisit } from '@shared/schemas/schedule';
import { SCHEDULE_MSG as M } from '@shared/messages-schedule';
import { dayText } from './dates';
import { VisitCard } from './VisitCard';
import { dayMarks, offOn, type Lanes } from './WeekView';

const FIRST_HOUR = 7;
const HOURS = 14;
const HOUR_MARKS = Array.from({ length: HOURS / 2 + 1 }, (_, i) => FIRST_HOUR + i * 2);

function place(v: ScheduleVisit): React.CSSProperties {
  const [h, m] = v.time.split(':').map(Number);
  const start = Math.min(Math.max((h + m / 60 - FIRST_HOUR) / HOURS, 0), 0.95);
  return { left: `${start * 100}%`, width: `${Math.max(Math.min(v.hours / HOURS, 1 - start), 0.05) * 100}%` };
}

interface Props {
  data: ScheduleAnswer;
  day: string;
  lanes: Lanes;
  narrow: boolean;
  onOpen: (v: ScheduleVisit) => void;
}

export function DayView({ data, day, lanes, narrow, onOpen }: Props) {
  const rows = [{ c: -1, name: M.unassigned }, ...data.cleaners.map((x, i) => ({ c: i, name: x.name }))];
  const marks = dayMarks(data, day);
  return (
    <section aria-label={M.gridLabel(dayText(day), dayText(day))}>
      {marks.map((m) => (
        <p key={m} className="sch-daymark">
          {m}
        </p>
      ))}
      {!narrow && (
        <div className="sch-hours" aria-hidden="true">
          {HOUR_MARKS.map((h) => (
            <span key={h} style={{ left: `${((h - FIRST_HOUR) / HOURS) * 100}%` }}>
              {`${h}`.padStart(2, '0')}:00
            </span>
          ))}
        </div>
      )}
      <ul className={narrow ? 'sch-daylist' : 'sch-day'}>
        {rows.map((r) => {
          const list = lanes.cells.get(r.c)?.get(day) ?? [];
          const off = r.c === -1 ? undefined : offOn(data, r.c, day);
          if (narrow && r.c !== -1 && !list.length && !off) return null;
          return (
            <li key={r.c} className="sch-day__row">
              <h3 className="sch-day__name">
                {r.name}
                {off && <span className="sch-tag">{off.state === 'approved' ? M.timeOff : M.timeOffAsked}</span>}
              </h3>
              <div className={narrow ? 'sch-day__stack' : 'sch-day__track'}>
                {list.length === 0 && narrow && <p className="ofc-muted">{M.noVisits}</p>}
                {list.map((v) => <VisitCard key={v.id} v={v} onOpen={onOpen} style={narrow ? undefined : place(v)} />)}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
