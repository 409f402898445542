import { Link } from 'react-router-dom';
import { SHELL_MSG } from '@shared/messages-shell';
import { useOutboxCount } from '../lib/outbox/useOutboxCount';

/** Header/sidebar badge: how many submissions are waiting to be sent. Hidden when none. */
export function OutboxBadge({ to = '/outbox', kinds }: { to?: string; kinds?: readonly string[]; }) {
  const count = useOutboxCount(kinds);
  if (count === 0) return null;
  return (
    <Link to={to} className="outbox-badge" aria-label={SHELL_MSG.outboxBadge(count)}>
      <span aria-hidden="true">⇪</span> <span className="badge">{count}</span>
    </Link>
  );
}
