// The start-up migration that makes plans of the bookings accepted before plans existed
// (services/plans/visits-migrate.ts says how), and the answers that wait for it.
import { Booking } from '../../models/Booking';
import { reminderJob } from '../../jobs/visit-reminders';
import { PLANS_MARKER, migratePlansBatch } from '../plans/visits-migrate';
import type { Migration } from './migration';

export const plansFromBookings: Migration = {
  id: PLANS_MARKER,
  what: 'accepted and completed bookings made into plans of visits',
  size: () => Booking.estimatedDocumentCount(),
  async batch(ctx, after) {
    const remind = (visits: Parameters<typeof reminderJob>[0][]) => ctx.jobs.scheduleNew(visits.map((v) => reminderJob(v, ctx.reminderLeadMs)));
    const done = await migratePlansBatch({ now: ctx.now, horizonDays: ctx.horizonDays, reminderLeadMs: ctx.reminderLeadMs, remind }, after, ctx.batchSize);
    return done && { ...done, changes: { ...done.changes } };
  },
  // Whatever reads plans or visits: until every booking has its plan, these would leave some out.
  blocks: [
    /^\/api\/user\/(visits|statements)/,
    /^\/api\/user\/bookings\/[^/?]+\/(schedule|pause|resume|end|access-notes)/,
    /^\/api\/(user|employee)\/data-export/,
    /^\/api\/employee\/(visits|available-visits)/,
    /^\/api\/employee\/bookings\/[^/?]+\/(accept|submit-work)/,
    /^\/api\/admin\/(visits|plans|schedule|statements|ratings)/,
    /^\/api\/admin\/timesheets\/[^/?]+\//,
    /^\/api\/admin\/bookings\/[^/?]+\/(assign|unassign|cancel|price)/,
    /^\/api\/visit-links\//,
    /^\/calendar\//,
  ],
};
