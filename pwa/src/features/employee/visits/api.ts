// The cleaner's visits: the list (saved on the device page by page, so it reads offline after one
// visit), hours per visit and "Can't make it" through the outbox (an Idempotency-Key each, sent once
// when the connection returns), and the cover jobs other cleaners released.
import { api, NetworkError } from '@/lib/api';
import { db } from '@/lib/db';
import { readPageCopy, savePageCopy } from '@/lib/offline-pages';
import { defineKind } from '@/lib/outbox/kinds';
import { submit } from '@/lib/outbox/submit';
import { pageOf, withQuery, type Page } from '@/lib/paging';
import { formatWhen } from '@shared/when';
import type { PageInfo } from '@shared/schemas/paging';
import type { WorkSubmissionInput } from '@shared/schemas/employee';
import type { VisitDto } from '@shared/schemas/visits';
import type { OnMyWayMinutes } from '@shared/schemas/reminders';
import { NOTICES_UI_MSG as N } from '@shared/messages-notices-ui';
import { CHARGE_MSG } from '@shared/messages-charges';
import { employeeKeys } from '../keys';
import { visitsOwner } from '../offlineBookings';

/** Visits a page of My Visits holds (a few weeks of a full round fit in one or two). */
export const VISITS_PAGE = 50;

export interface VisitsPage extends Page<VisitDto> {
  /** Set when the page is the device's saved copy (the server could not be reached). */
  savedAt?: number;
}

/** GET /api/employee/visits for a window of London dates; offline, the page this device saved last. */
export async function fetchMyVisits(owner: string | null, range: { from: string; to: string; }, page: number): Promise<VisitsPage> {
  try {
    const path = withQuery('/api/employee/visits', { ...range, page: page > 1 ? page : undefined, limit: VISITS_PAGE });
    const res = await api<{ visits: VisitDto[]; } & Partial<PageInfo>>(path, { auth: 'employee' });
    const got = pageOf(res.visits, res, page);
    if (owner) await savePageCopy(db.employeeBookings, visitsOwner(owner), got).catch(() => undefined);
    return got;
  } catch (err) {
    if (err instanceof NetworkError && owner) {
      const saved = await readPageCopy<VisitDto>(db.employeeBookings, visitsOwner(owner), page, VISITS_PAGE);
      if (saved) return saved;
    }
    throw err;
  }
}

const whoAndWhen = (v: VisitDto) => `${v.customer_name ?? v.reference} (${formatWhen(v.start)})`;
const refreshed = [employeeKeys.visits, employeeKeys.myBookings, employeeKeys.stats, employeeKeys.cover] as const;

/** Hours for one visit: queued first, sent at once or when the connection returns, exactly once. */
export const visitWorkKind = defineKind({
  kind: 'visit-work',
  auth: 'employee',
  label: ({ visit }: { visit: VisitDto; input: WorkSubmissionInput; }) => `Hours for ${whoAndWhen(visit)}`,
  request: ({ visit, input }) => ({ path: `/api/employee/visits/${encodeURIComponent(visit.id)}/submit-work`, json: input }),
  // My Visits reads this to show 'Hours waiting to send' instead of a second Submit hours.
  meta: ({ visit }) => ({ visitId: visit.id }),
  invalidates: refreshed,
});

/** "Can't make it": one visit given up; the server still judges the 48 h rule when it arrives. */
export const visitReleaseKind = defineKind({
  kind: 'visit-release',
  auth: 'employee',
  label: (visit: VisitDto) => `Can't make it: ${whoAndWhen(visit)}`,
  request: (visit) => ({ path: `/api/employee/visits/${encodeURIComponent(visit.id)}/release` }),
  meta: (visit) => ({ visitId: visit.id }),
  invalidates: refreshed,
});

/** "On my way": sent once (the Idempotency-Key; the server also tells the customer only once per visit). */
export const visitOnMyWayKind = defineKind({
  kind: 'visit-on-my-way',
  auth: 'employee',
  label: ({ visit, minutes }: { visit: VisitDto; minutes: OnMyWayMinutes; }) => N.onMyWayOutbox(minutes, whoAndWhen(visit)),
  request: ({ visit, minutes }) => ({ path: `/api/employee/visits/${encodeURIComponent(visit.id)}/on-my-way`, json: { minutes } }),
  meta: ({ visit, minutes }) => ({ visitId: visit.id, minutes: String(minutes) }),
  invalidates: [employeeKeys.visits],
});

/** "Couldn't get in": sent once (the Idempotency-Key; the server also charges and tells the customer once). */
export const visitLockoutKind = defineKind({
  kind: 'visit-lockout',
  auth: 'employee',
  label: ({ visit }: { visit: VisitDto; note: string; }) => CHARGE_MSG.lockoutQueuedLabel(whoAndWhen(visit)),
  request: ({ visit, note }) => ({ path: `/api/employee/visits/${encodeURIComponent(visit.id)}/lockout`, json: note ? { note } : {} }),
  meta: ({ visit }) => ({ visitId: visit.id }),
  invalidates: refreshed,
});

export const submitVisitWork = (visit: VisitDto, input: WorkSubmissionInput) => submit(visitWorkKind, { visit, input });
export const releaseVisit = (visit: VisitDto) => submit(visitReleaseKind, visit);
export const reportLockout = (visit: VisitDto, note: string) => submit(visitLockoutKind, { visit, note });
export const sendOnMyWay = (visit: VisitDto, minutes: OnMyWayMinutes) => submit(visitOnMyWayKind, { visit, minutes });

/** GET /api/employee/available-visits: the cover jobs, soonest first (online only: they change by the minute). */
export async function fetchCover(page: number): Promise<Page<VisitDto>> {
  const res = await api<{ visits: VisitDto[]; } & Partial<PageInfo>>(withQuery('/api/employee/available-visits', { page: page > 1 ? page : undefined }), {
    auth: 'employee',
  });
  return pageOf(res.visits, res, page);
}

/** Takes a cover job (of two cleaners at once one wins; the other is told it was taken). */
export const takeCover = (id: string) =>
  api<{ message?: string; }>(`/api/employee/visits/${encodeURIComponent(id)}/accept`, { method: 'POST', auth: 'employee' });
