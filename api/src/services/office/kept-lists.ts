// The office's lists (customers, board, audit, inbox, timesheets) kept per write version of every
// collection they read (versioned-cache.ts: each write through those models moves its counter, on every
// instance, so the next read rebuilds). An office is read far more than written: an admin reloading a
// page, or several admins on the same page, cost one point read instead of the page's queries and joins.
// The answer is the same for every admin (no list depends on who asks); the key holds the query, and
// the part of the server's clock that decides a row: the minute for the board's waiting flag, the UTC
// day for the timesheets (now only picks the default period's last day, periodOf), so a moved test
// clock is a new key while a timesheets page is not rebuilt every minute.
import type { BoardQuery } from '@shared/schemas/office';
import type { InboxQuery } from '@shared/schemas/inbox';
import { versionedCache, type Source } from '../../lib/versioned-cache';
import { listAudit, type AuditQuery } from './audit';
import { listBoard } from './board-list';
import { listCustomers } from './customers';
import { listInbox } from './inbox';
import { listTimesheets } from './timesheet-list';

/** Pages kept per list: every filter and page an office looks at in a day, a few KB each. */
const MAX = 300;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** `per`: the span of the clock within which "now" gives the same answer (0: it decides nothing). */
function kept<Q, T>(sources: Source[], list: (q: Q, now: Date) => Promise<T>, per: number) {
  const cache = versionedCache<T>(sources, MAX);
  return (q: Q, now: Date): Promise<T> => {
    const key = JSON.stringify([q, per ? Math.floor(now.getTime() / per) : 0]);
    return cache.get(key, () => list(q, now));
  };
}

export const keptCustomers = kept(['users', 'bookings'], (q: Parameters<typeof listCustomers>[0]) => listCustomers(q), 0);
// Plans and visits too: each row says its plan's state and next visit.
export const keptBoard = kept(['bookings', 'users', 'employees', 'plans', 'visits'], (q: BoardQuery, now) => listBoard(q, now.getTime()), MINUTE);
export const keptAudit = kept(['audit', 'employees'], (q: AuditQuery) => listAudit(q), 0);
export const keptInbox = kept(['inbox', 'employees'], (q: InboxQuery) => listInbox(q), 0);
export const keptTimesheets = kept(['timesheet_totals', 'visits', 'bookings', 'users', 'employees'], listTimesheets, DAY);
