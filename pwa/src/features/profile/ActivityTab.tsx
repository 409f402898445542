// Activity tab: Member Since, Last Updated, and the three booking figures.
import type { PublicUser } from '@shared/schemas/auth';
import { errorMessage } from '@/lib/api';
import { Spinner } from '@/components/Spinner';
import { useDashboard } from './api';

// Not a spec text: the spec has no message for a failed dashboard call.
const MSG_STATS_FAILED = 'Could not load your booking figures.';

const date = (v: string | undefined) => {
  const d = v ? new Date(v) : null;
  return d && !Number.isNaN(d.getTime()) ? d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }) : '—';
};

export function ActivityTab({ user }: { user: PublicUser; }) {
  const stats = useDashboard(true);
  const cards: Array<[string, number | undefined, string]> = [
    ['Total Bookings', stats.data?.totalBookings, 'total'],
    ['Pending', stats.data?.pendingBookings, 'pending'],
    ['Completed', stats.data?.completedBookings, 'completed'],
  ];
  return (
    <div className="activity">
      <dl className="activity__dates">
        <div>
          <dt>Member Since</dt>
          <dd>{date(user.created_at)}</dd>
        </div>
        <div>
          <dt>Last Updated</dt>
          <dd>{date(user.updated_at)}</dd>
        </div>
      </dl>
      {stats.isPending ? <Spinner label="Loading your activity" /> : stats.isError ?
        (
          <p className="notice notice--error" role="alert">
            {errorMessage(stats.error, MSG_STATS_FAILED)}
          </p>
        ) :
        (
          <div className="activity__cards">
            {cards.map(([label, value, tone]) => (
              <div key={label} className={`card activity__card activity__card--${tone}`}>
                <span className="activity__value">{value ?? 0}</span>
                <span className="activity__label">{label}</span>
              </div>
            ))}
          </div>
        )}
    </div>
  );
}
