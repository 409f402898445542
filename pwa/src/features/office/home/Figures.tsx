// The company's figures on the office home: numbers and small weekly bar charts (inline SVG, no chart
// library to download). Every number links to the filtered list behind it.
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { UpdatedAgo } from '@/components/UpdatedAgo';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { OFFICE_MSG } from '@shared/messages-office';
import type { CompanyStats, WeekFigures } from '@shared/schemas/stats';
import { formatDay } from '@shared/when';
import { officeGet, officeKeys } from '../api';
import { count } from '../ui';
import { approvedHoursLink, boardLink, inboxNewLink, waitingLink } from './links';
import { TableHead } from '@/components/TableHead';

type Series = 'created' | 'accepted' | 'completed' | 'cancelled' | 'ended';
// Each series is counted by one date (see the board's `on`), so its link lists exactly what it counted.
const SERIES: Array<{ key: Series; label: string; }> = [
  { key: 'created', label: 'Requests' },
  { key: 'accepted', label: 'Accepted' },
  { key: 'completed', label: 'Completed' },
  { key: 'cancelled', label: 'Cancelled' },
  { key: 'ended', label: 'Plans ended' },
];
const hours = (h: number | null) => (h === null ? '–' : h < 1 ? `${Math.round(h * 60)} min` : `${h.toFixed(1)} h`);

function Bars({ weeks, series, label }: { weeks: WeekFigures[]; series: Series; label: string; }) {
  const max = Math.max(1, ...weeks.map((w) => w[series]));
  const w = 8;
  const gap = 3;
  const height = 40;
  const width = weeks.length * (w + gap);
  const total = weeks.reduce((s, x) => s + x[series], 0);
  return (
    <svg
      className={`ofc-bars ofc-bars--${series}`}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`${label} per week: ${weeks.map((x) => x[series]).join(', ')} (total ${total})`}
      preserveAspectRatio="none"
    >
      {weeks.map((x, i) => {
        const h = (x[series] / max) * (height - 2);
        return <rect key={x.week} x={i * (w + gap)} y={height - Math.max(h, 1)} width={w} height={Math.max(h, 1)} rx="1.5" opacity={x[series] ? 1 : 0.25} />;
      })}
    </svg>
  );
}

function Tile({ to, value, label, hint }: { to: string; value: string | number; label: string; hint?: string; }) {
  return (
    <Link className="ofc-figure card" to={to}>
      <span className="ofc-figure__value">{value}</span>
      <span className="ofc-figure__label">{label}</span>
      {hint && <span className="ofc-muted">{hint}</span>}
    </Link>
  );
}

export function Figures() {
  const stats = useQuery({ queryKey: officeKeys.stats, queryFn: () => officeGet<{ stats: CompanyStats; }>('/stats').then((r) => r.stats), staleTime: 60_000 });
  if (stats.isPending) return <Spinner />;
  if (stats.isError) {
    return (
      <p className="notice notice--error" role="alert">
        {errorMessage(stats.error, OFFICE_MSG.statsLoadFailed)}
      </p>
    );
  }
  const s = stats.data;
  return (
    <section aria-labelledby="figures-title" className="ofc-figures-wrap">
      <h2 id="figures-title" className="ofc-subhead">
        The last {s.weeks.length} weeks <span className="ofc-muted">({formatDay(`${s.from}T12:00:00Z`)} – {formatDay(`${s.to}T12:00:00Z`)})</span>
      </h2>
      <UpdatedAgo query={stats} />
      <div className="ofc-figures">
        <Tile to={waitingLink} value={s.waiting_over_24h} label="Waiting over 24 h" hint="requests with no cleaner, now" />
        <Tile
          to={inboxNewLink}
          value={s.inbox_new.total}
          label="New in the inbox"
          hint={[
            count(s.inbox_new.contact, 'message', 'messages'),
            count(s.inbox_new.enquiry, 'enquiry', 'enquiries'),
            count(s.inbox_new.career, 'application', 'applications'),
          ].join(' · ')}
        />
        <Tile to={approvedHoursLink(s.from, s.to)} value={s.hours_approved} label="Hours approved" hint={count(s.approved_submissions, 'job', 'jobs')} />
        <Tile
          to={boardLink(s.from, s.to, 'accepted')}
          value={hours(s.acceptance.median_hours)}
          label="Median wait for a cleaner"
          hint={`90% within ${hours(s.acceptance.p90_hours)} · ${s.acceptance.count} accepted`}
        />
      </div>
      <div className="ofc-figures">
        {SERIES.map((x) => (
          <Link key={x.key} className="ofc-figure card" to={boardLink(s.from, s.to, x.key)}>
            <span className="ofc-figure__value">{s.totals[x.key]}</span>
            <span className="ofc-figure__label">{x.label}</span>
            <Bars weeks={s.weeks} series={x.key} label={x.label} />
          </Link>
        ))}
      </div>
      <details className="card ofc-section">
        <summary>Week by week</summary>
        <div className="ofc-scroll">
          <table className="ofc-weeks">
            <TableHead columns={['Week of', ...SERIES.map((x) => x.label)]} />
            <tbody>
              {s.weeks.map((w) => (
                <tr key={w.week}>
                  <th scope="row">{formatDay(`${w.week}T12:00:00Z`)}</th>
                  {SERIES.map((x) => (
                    <td key={x.key}>
                      <Link to={boardLink(w.from, w.to, x.key)}>{w[x.key]}</Link>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
