// Per-visit reminders on the job runner, written against a small interface the visits service
// (services/visits*, being built separately) will implement: this file knows nothing of the Visit
// model. One job per visit and kind (`reminder:{visitId}:{kind}`): scheduling again after a move
// moves the one job; skipping or cancelling cancels it; and the handler asks the visit again when it
// runs, so a visit changed by any path is never reminded stale. Past the visit's start the job is
// dropped (stale_after), not sent late.
import type { Deps } from '../deps';
import { notify, type NoticeMessage } from '../notify/notify';
import type { JobRunner } from './runner';

export const VISIT_REMINDER = 'visit-reminder';

/** What a reminder needs of a visit, as the visits service will answer it. */
export interface RemindableVisit {
  id: string;
  customerId: string;
  /** scheduled | skipped | cancelled | … — only scheduled visits are reminded. */
  status: string;
  startsAt: Date;
}

export interface VisitReminderSource {
  visit(visitId: string): Promise<RemindableVisit | null>;
  /** The mail and push for this visit (date, time, cleaner's first name, address, skip/move links). */
  message(visit: RemindableVisit): Promise<NoticeMessage>;
}

export const reminderKey = (visitId: string, kind: string) => `reminder:${visitId}:${kind}`;

/** Plans (or moves) the reminder `leadMs` before the visit; one already due is sent at the next poll. */
export function scheduleVisitReminder(jobs: JobRunner, visit: Pick<RemindableVisit, 'id' | 'startsAt'>, leadMs: number, kind = 'before', extra: Record<string, unknown> = {}) {
  return jobs.schedule({
    key: reminderKey(visit.id, kind),
    kind: VISIT_REMINDER,
    runAt: new Date(visit.startsAt.getTime() - leadMs),
    staleAfter: visit.startsAt,
    payload: { ...extra, visitId: visit.id, startsAt: visit.startsAt.toISOString(), leadMs, kind },
  });
}

export const cancelVisitReminder = (jobs: JobRunner, visitId: string, kind = 'before') => jobs.cancel(reminderKey(visitId, kind));

export function defineVisitReminders(deps: Pick<Deps, 'jobs' | 'config' | 'mailer' | 'push' | 'log' | 'clock'>, source: VisitReminderSource) {
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
