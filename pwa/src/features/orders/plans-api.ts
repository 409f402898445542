// A plan's server state in My Bookings: the plan with its next visits (saved on this device, so it
// reads offline after one visit), the past visits (online, a window at a time), and every change the
// customer makes to it — through the app's one outbox, each with its Idempotency-Key.
import { useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import { addDays, londonDate } from '@shared/visits';
import { PAGE_LIMIT_MAX } from '@shared/constants';
import { PLAN_MSG } from '@shared/messages-plans';
import { RATING_MSG } from '@shared/messages-ratings';
import { CHARGE_MSG } from '@shared/messages-charges';
import type { Booking } from '@shared/schemas/bookings';
import type { PageInfo } from '@shared/schemas/paging';
import type { PlanDto, VisitDto } from '@shared/schemas/visits';
import { api, NetworkError } from '@/lib/api';
import { userKeys, userPaths } from '@/lib/queryKeys';
import { withQuery } from '@/lib/paging';
import { loadPlanCopy, savePlanCopy } from '@/lib/offline-data';
import { defineKind } from '@/lib/outbox/kinds';
import { submit, type SubmitOutcome } from '@/lib/outbox/submit';
import { dayText } from './format';

export interface PlanView {
  booking: Booking;
  plan: PlanDto | null;
  visits: VisitDto[];
  /** The change cut-off time (London, the day before a visit): the shared rule runs on it offline. */
  change_cutoff: string;
  /** Percent of a visit's price a change after its cut-off costs (absent in a copy saved before it existed: then refused as before). */
  late_charge_percent?: number;
  /** Set when this comes from the device's saved copy because the server could not be reached. */
  savedAt?: number;
}

async function fetchPlan(userId: string, bookingId: string): Promise<PlanView> {
  try {
    const r = await api<PlanView>(userPaths.booking(bookingId), { auth: 'customer' });
    const view: PlanView = { booking: r.booking, plan: r.plan, visits: r.visits, change_cutoff: r.change_cutoff, late_charge_percent: r.late_charge_percent };
    await savePlanCopy(userId, bookingId, view).catch(() => {});
    return view;
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
    const saved = await loadPlanCopy<PlanView>(userId, bookingId).catch(() => null);
    if (!saved) throw err;
    return { ...saved.data, savedAt: saved.savedAt };
  }
}

const planQuery = (userId: string, bookingId: string) => ({
  queryKey: [...userKeys.plan(bookingId), userId],
  queryFn: () => fetchPlan(userId, bookingId),
  retry: false,
});

export function usePlan(userId: string, bookingId: string, enabled = true) {
  return useQuery({ ...planQuery(userId, bookingId), enabled });
}

/** Whether every one of these plans has its first answer (or its error): the same queries PlanCard reads. */
export function usePlansSettled(userId: string, bookingIds: string[]): boolean {
  return useQueries({ queries: bookingIds.map((id) => planQuery(userId, id)), combine: (results) => results.every((r) => !r.isPending) });
}

/** Past visits come four weeks at a time, newest first; Load more goes four weeks further back. */
const PAST_WINDOW_DAYS = 28;
/** How far back Load more goes (the server keeps every visit; a year is what a customer looks for). */
const PAST_WINDOWS_MAX = 13;

async function fetchPast(bookingId: string, windowNo: number): Promise<{ items: VisitDto[]; windowNo: number; from: string; }> {
  const to = addDays(londonDate(Date.now()), -1 - windowNo * PAST_WINDOW_DAYS);
  const from = addDays(to, 1 - PAST_WINDOW_DAYS);
  const items: VisitDto[] = [];
  for (let page = 1;; page++) {
    const r = await api<{ visits: VisitDto[]; } & PageInfo>(
      withQuery(userPaths.visits, { from, to, page: page > 1 ? page : undefined, limit: PAGE_LIMIT_MAX }),
      { auth: 'customer' },
    );
    items.push(...r.visits.filter((v) => v.booking_id === bookingId));
    if (page >= r.pages) break;
  }
  return { items: items.reverse(), windowNo, from };
}

export function usePastVisits(bookingId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...userKeys.visits, 'past', bookingId],
    queryFn: ({ pageParam }) => fetchPast(bookingId, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.windowNo + 1 < PAST_WINDOWS_MAX ? last.windowNo + 1 : undefined),
    enabled,
    retry: false,
  });
}

/** A late change's charge the customer confirmed (pence): sent as accept_charge with the amount shown. */
type Charged = { charge?: number; };
/** One change a customer makes to a plan or a visit. */
export type PlanChange =
  | ({ action: 'skip'; bookingId: string; visit: VisitDto; when: string; } & Charged)
  | ({ action: 'move'; bookingId: string; visit: VisitDto; when: string; start: string; to: string; } & Charged)
  | ({ action: 'pause'; bookingId: string; from: string; until: string; } & Charged)
  | { action: 'resume'; bookingId: string; }
  | ({ action: 'end'; bookingId: string; from: string; } & Charged)
  | ({ action: 'schedule'; bookingId: string; from: string; time?: string; days?: number[]; } & Charged)
  | { action: 'access-notes'; bookingId: string; notes: string; }
  /** A finished visit's rating: the same once-per-visit rating as the e-mailed link's. */
  | { action: 'rate'; bookingId: string; visit: VisitDto; when: string; stars: number; comment?: string; };

const ack = (c: Charged) => (c.charge !== undefined ? { accept_charge: true, charge_pence: c.charge } : {});

const L = PLAN_MSG.queuedLabel;

function requestOf(c: PlanChange) {
  switch (c.action) {
    case 'skip':
      return { path: userPaths.visit(c.visit.id, 'skip'), json: { ...ack(c) } };
    case 'move':
      return { path: userPaths.visit(c.visit.id, 'move'), json: { start: c.start, ...ack(c) } };
    case 'pause':
      return { path: userPaths.plan(c.bookingId, 'pause'), json: { from: c.from, until: c.until, ...ack(c) } };
    case 'resume':
      return { path: userPaths.plan(c.bookingId, 'resume'), json: {} };
    case 'end':
      return { path: userPaths.plan(c.bookingId, 'end'), json: { from: c.from, ...ack(c) } };
    case 'schedule':
      return {
        method: 'PATCH' as const,
        path: userPaths.plan(c.bookingId, 'schedule'),
        json: { from: c.from, ...(c.time ? { time: c.time } : {}), ...(c.days ? { days: c.days } : {}), ...ack(c) },
      };
    case 'access-notes':
      return { method: 'PUT' as const, path: userPaths.plan(c.bookingId, 'access-notes'), json: { access_notes: c.notes } };
    case 'rate':
      return { path: userPaths.visit(c.visit.id, 'rating'), json: { stars: c.stars, ...(c.comment ? { comment: c.comment } : {}) } };
  }
}

function labelOf(c: PlanChange): string {
  const text = plainLabel(c);
  return 'charge' in c && c.charge !== undefined ? `${text} (${CHARGE_MSG.visitCharged(c.charge)})` : text;
}

function plainLabel(c: PlanChange): string {
  switch (c.action) {
    case 'skip':
      return L.skip(c.when);
    case 'move':
      return L.move(c.when, c.to);
    case 'pause':
      return L.pause(dayText(c.from) ?? c.from, dayText(c.until) ?? c.until);
    case 'resume':
      return L.resume;
    case 'end':
      return L.end(dayText(c.from) ?? c.from);
    case 'schedule':
      return L.schedule(dayText(c.from) ?? c.from);
    case 'access-notes':
      return L.notes;
    case 'rate':
      return RATING_MSG.queuedRating(c.when, c.stars);
  }
}

/** Plan and visit changes: queued first, sent at once or when the connection returns (once: its key). */
export const planKind = defineKind({
  kind: 'plan',
  auth: 'customer',
  label: labelOf,
  request: requestOf,
  // My Bookings reads this to show the change beside its visit or plan while it waits (or was refused).
  meta: (c: PlanChange) => ({ bookingId: c.bookingId, visitId: 'visit' in c ? c.visit.id : '', action: c.action }),
  invalidates: [userKeys.bookings, userKeys.visits],
});

export const sendPlanChange = (c: PlanChange): Promise<SubmitOutcome<{ message?: string; reclean_until?: string | null; }>> => submit(planKind, c);
