// Per-visit reminders on the job runner, written against a small interface (VisitReminderSource) the
// visits service implements: this file knows nothing of the Visit model. One job per visit and kind
// (`reminder:{visitId}:{kind}`), built in one place (reminderJob): scheduling again after a move moves
// the one job; skipping or cancelling cancels it; and the handler asks the visit again when it runs
// (one read, which the message is made from), so a visit changed by any path is never reminded stale.
// Past the visit's start the job is dropped (stale_after), not sent late.
import type { Deps } from '../deps';
import { notify, type NoticeMessage } from '../notify/notify';
import type { JobRunner, ScheduleInput } from './runner';

export const VISIT_REMINDER = 'visit-reminder';
/** The customer's reminder of a plan's visit (the kind syncPlanReminders keeps in step). */
export const CUSTOMER = 'customer';

/** What a reminder needs of a visit, as the visits service answers it. */
export interface RemindableVisit {
  id: string;
  customerId: string;
  /** scheduled | skipped | cancelled | … — only scheduled visits are reminded. */
  status: string;
  startsAt: Date;
}

export interface VisitReminderSource<V extends RemindableVisit = RemindableVisit> {
  /** The visit as it is now (one read: what `message` needs may travel on it). */
  visit(visitId: string): Promise<V | null>;
  /** The mail and push for this visit (date, time, cleaner's first name, address, skip/move links). */
  message(visit: V): Promise<NoticeMessage>;
}

export const reminderKey = (visitId: string, kind: string) => `reminder:${visitId}:${kind}`;

/** The one reminder job of a visit: `leadMs` before its start, stale from it. */
export function reminderJob(
  v: { _id: unknown; start: Date; plan?: unknown; },
  leadMs: number,
  kind = CUSTOMER,
  extra: Record<string, unknown> = {},
): ScheduleInput {
  const startsAt = v.start.toISOString();
  return {
    key: reminderKey(String(v._id), kind),
    kind: VISIT_REMINDER,
    runAt: new Date(v.start.getTime() - leadMs),
    staleAfter: v.start,
    payload: { ...extra, visitId: String(v._id), ...(v.plan ? { planId: String(v.plan) } : {}), startsAt, leadMs, kind },
  };
}

/** Plans (or moves) the reminder `leadMs` before the visit; one already due is sent at the next poll. */
export function scheduleVisitReminder(
  jobs: JobRunner,
  visit: Pick<RemindableVisit, 'id' | 'startsAt'>,
  leadMs: number,
  kind = 'before',
  extra: Record<string, unknown> = {},
) {
  return jobs.schedule(reminderJob({ _id: visit.id, start: visit.startsAt }, leadMs, kind, extra));
}

export const cancelVisitReminder = (jobs: JobRunner, visitId: string, kind = 'before') => jobs.cancel(reminderKey(visitId, kind));

export function defineVisitReminders<V extends RemindableVisit>(
  deps: Pick<Deps, 'jobs' | 'config' | 'mailer' | 'push' | 'log' | 'clock'>,
  source: VisitReminderSource<V>,
) {
  deps.jobs.define(VISIT_REMINDER, async (payload) => {
    const visit = await source.visit(String(payload.visitId));
    // Skipped, cancelled or gone since it was planned: nothing to say.
    if (!visit || visit.status !== 'scheduled') return;
    // Moved by a path that did not reschedule: move this job to the new time instead (the runner then
    // runs it again there, as a job rescheduled while it ran).
    if (visit.startsAt.toISOString() !== payload.startsAt) {
      await scheduleVisitReminder(deps.jobs, visit, Number(payload.leadMs), String(payload.kind), payload);
      return;
    }
    await notify(deps, { type: 'customer', id: visit.customerId }, 'reminders', await source.message(visit));
  });
}
