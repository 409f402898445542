// The week: one row per cleaner (the Unassigned lane first, needs cover at the top of each cell), one
// column per day. A table, so the row and column headers name every cell; Tab walks the visits row by
// row, day by day. On a phone the same data shows one cleaner at a time, day after day.
import type { ScheduleAnswer, ScheduleVisit } from '@shared/schemas/schedule';
import { SCHEDULE_MSG as M } from '@shared/messages-schedule';
import { dayText } from './dates';
import { VisitCard } from './VisitCard';

export interface Lanes {
  /** Row key → day → visits in time order (needs cover first in the Unassigned lane). */
  cells: Map<number, Map<string, ScheduleVisit[]>>;
}

export function lanesOf(data: ScheduleAnswer): Lanes {
  const cells = new Map<number, Map<string, ScheduleVisit[]>>();
  const sorted = [...data.visits].sort((a, b) =>
    Number(b.needs_cover ?? false) - Number(a.needs_cover ?? false) || (a.date + a.time).localeCompare(b.date + b.time)
  );
  for (const v of sorted) {
    const row = cells.get(v.cleaner) ?? new Map<string, ScheduleVisit[]>();
    row.set(v.date, [...(row.get(v.date) ?? []), v]);
    cells.set(v.cleaner, row);
  }
  return { cells };
}

export function dayMarks(data: ScheduleAnswer, d: string): string[] {
  const out: string[] = [];
  const h = data.holidays.find((x) => x.date === d);
  if (h) out.push(`${h.title} (${h.regions.map((r) => M.regionName[r] ?? r).join(', ')})`);
  for (const c of data.closed) if (c.from <= d && d <= c.to) out.push(`${M.closed}: ${c.note}`);
  return out;
}

export const offOn = (data: ScheduleAnswer, c: number, d: string) => data.time_off.find((t) => t.c === c && t.from <= d && d <= t.to);

interface Props {
  data: ScheduleAnswer;
  days: string[];
  lanes: Lanes;
  onOpen: (v: ScheduleVisit) => void;
}

function Cell({ data, c, d, lanes, onOpen }: { data: ScheduleAnswer; c: number; d: string; lanes: Lanes; onOpen: Props['onOpen']; }) {
  const list = lanes.cells.get(c)?.get(d) ?? [];
  const off = c === -1 ? undefined : offOn(data, c, d);
  return (
    <td className={off ? 'sch-cell sch-cell--off' : 'sch-cell'}>
      {off && <span className="sch-tag">{off.state === 'approved' ? M.timeOff : M.timeOffAsked}</span>}
      {list.map((v) => <VisitCard key={v.id} v={v} onOpen={onOpen} />)}
    </td>
  );
}

export function WeekTable({ data, days, lanes, onOpen }: Props) {
  const rows = [{ c: -1, name: M.unassigned }, ...data.cleaners.map((x, i) => ({ c: i, name: x.name }))];
  return (
    <div className="sch-scroll">
      <table className="sch-week" aria-label={M.gridLabel(dayText(days[0]), dayText(days[days.length - 1]))}>
        <thead>
          <tr>
            <th scope="col">{M.cleaner}</th>
            {days.map((d) => (
              <th scope="col" key={d}>
                {dayText(d)}
                {dayMarks(data, d).map((m) => (
                  <span key={m} className="sch-daymark">
                    {m}
                  </span>
                ))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.c} className={r.c === -1 ? 'sch-lane--open' : undefined}>
              <th scope="row">{r.name}</th>
              {days.map((d) => <Cell key={d} data={data} c={r.c} d={d} lanes={lanes} onOpen={onOpen} />)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A phone's week: the chosen row's days, one after another. */
export function WeekList({ data, days, lanes, onOpen, row }: Props & { row: number; }) {
  return (
    <ol className="sch-list">
      {days.map((d) => {
        const list = lanes.cells.get(row)?.get(d) ?? [];
        const off = row === -1 ? undefined : offOn(data, row, d);
        return (
          <li key={d}>
            <h3 className="sch-list__day">
              {dayText(d)}
              {[...dayMarks(data, d), ...(off ? [off.state === 'approved' ? M.timeOff : M.timeOffAsked] : [])].map((m) => (
                <span key={m} className="sch-daymark">
                  {m}
                </span>
              ))}
            </h3>
            {list.length ? list.map((v) => <VisitCard key={v.id} v={v} onOpen={onOpen} />) : <p className="ofc-muted">{M.noVisits}</p>}
          </li>
        );
      })}
    </ol>
  );
}
