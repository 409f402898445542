// The office's schedule (README "Schedule, time off and bank holidays"): the window of visits, time off
// to decide or enter, bank holidays and closed days with their bulk action. Closed days change only by
// a super-admin; everything else is for both office roles (the admin router's guard).
import Router from '@koa/router';
import type { Context } from 'koa';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { SCHEDULE_MSG } from '@shared/messages-schedule';
import { API_MSG } from '@shared/messages-api';
import { day } from '@shared/schemas/timesheets';
import {
  closedDaysQuerySchema,
  closedDaysSchema,
  holidaysQuerySchema,
  planHoursSchema,
  resolveSchema,
  scheduleQuerySchema,
  timeOffListQuerySchema,
  timeOffSchema,
} from '@shared/schemas/schedule';
import { HOURS_MSG } from '@shared/messages-schedule-hours';
import type { Deps } from '../../deps';
import { employeeOf } from '../../http/auth';
import { officeActor } from '../guards';
import { badRequest, forbidden } from '../../lib/errors';
import { parseBody, parseId, parseQuery } from '../../http/validate';
import { buildSchedule } from '../../services/schedule/schedule';
import { answerKept } from '../../http/kept-json';
import { setPlanHours } from '../../services/schedule/schedule-hours';
import { decideTimeOff, enterTimeOff, officeTimeOff, type Decision } from '../../services/schedule/time-off';
import { addClosedDays, listClosedDays, listHolidays, removeClosedDays } from '../../services/schedule/holidays';
import { decideTimeOffAndTell, resolveHolidayAndTell } from '../../services/schedule/time-off-tell';

export function scheduleAdminRouter(deps: Deps): Router {
  const router = new Router();
  const regions = () => deps.config.bankHolidayRegions;
  const superAdmin = (ctx: Context) => {
    if (employeeOf(ctx).role !== 'super-admin') throw forbidden(SCHEDULE_MSG.superAdminOnly);
  };
  const answerDecision = (ctx: Context, d: Decision, message: string) => {
    ctx.body = { success: true, message, time_off: d.time_off, needs_cover: d.needs_cover };
  };

  router.get('/schedule', async (ctx) => {
    const q = parseQuery(ctx, scheduleQuerySchema);
    ctx.set('Cache-Control', 'no-store');
    answerKept(ctx, await buildSchedule(q, deps.clock.now(), regions()));
  });

  // The plan's estimated hours (its id is its booking's): every visit of it, on the schedule and in clashes.
  router.patch('/plans/:id', async (ctx) => {
    const id = parseId(ctx);
    const { estimated_hours } = parseBody(ctx, planHoursSchema);
    const plan = await setPlanHours(officeActor(ctx), id, estimated_hours);
    ctx.body = { success: true, message: estimated_hours === null ? HOURS_MSG.reset(plan.hours) : HOURS_MSG.saved(plan.hours), plan };
  });

  router.get('/time-off', async (ctx) => {
    const { state, page, limit = PAGE_LIMIT_DEFAULT } = parseQuery(ctx, timeOffListQuerySchema);
    ctx.body = { success: true, ...(await officeTimeOff(state, { page, limit })) };
  });

  router.post('/time-off/:id/approve', async (ctx) => {
    const d = await decideTimeOffAndTell(deps, decideTimeOff(officeActor(ctx), parseId(ctx), true, deps.clock.now()));
    answerDecision(ctx, d, SCHEDULE_MSG.timeOffApproved(d.needs_cover));
  });

  router.post('/time-off/:id/decline', async (ctx) => {
    answerDecision(ctx, await decideTimeOffAndTell(deps, decideTimeOff(officeActor(ctx), parseId(ctx), false, deps.clock.now())), SCHEDULE_MSG.timeOffDeclined);
  });

  router.post('/employees/:id/time-off', async (ctx) => {
    const id = parseId(ctx);
    const d = await decideTimeOffAndTell(deps, enterTimeOff(officeActor(ctx), id, parseBody(ctx, timeOffSchema), deps.clock.now()));
    answerDecision(ctx, d, SCHEDULE_MSG.timeOffEntered(d.needs_cover));
    ctx.status = 201;
  });

  router.get('/bank-holidays', async (ctx) => {
    const q = parseQuery(ctx, holidaysQuerySchema);
    ctx.body = { success: true, holidays: await listHolidays(q, deps.clock.now(), regions()) };
  });

  router.post('/bank-holidays/:date/resolve', async (ctx) => {
    const date = day.safeParse((ctx.params as Record<string, string>).date);
    if (!date.success) throw badRequest(API_MSG.invalidParam('date'));
    const { action } = parseBody(ctx, resolveSchema);
    const res = await resolveHolidayAndTell(deps, officeActor(ctx), date.data, action, regions());
    ctx.body = { success: true, message: SCHEDULE_MSG.resolved(res.changed), changed: res.changed };
  });

  router.get('/closed-days', async (ctx) => {
    const { page, limit = PAGE_LIMIT_DEFAULT } = parseQuery(ctx, closedDaysQuerySchema);
    ctx.body = { success: true, ...(await listClosedDays({ page, limit })) };
  });

  router.post('/closed-days', async (ctx) => {
    superAdmin(ctx);
    const closed_days = await addClosedDays(officeActor(ctx), parseBody(ctx, closedDaysSchema));
    ctx.status = 201;
    ctx.body = { success: true, message: SCHEDULE_MSG.closedDayAdded, closed_days };
  });

  router.delete('/closed-days/:id', async (ctx) => {
    superAdmin(ctx);
    await removeClosedDays(officeActor(ctx), parseId(ctx));
    ctx.body = { success: true, message: SCHEDULE_MSG.closedDayRemoved };
  });

  return router;
}
