// Timesheets: GET /timesheets (paged, with totals per employee), POST /timesheets/{bookingId}/approve
// and /query, GET /timesheets.csv (the payroll export).
import Router from '@koa/router';
import { OFFICE_MSG } from '@shared/messages-office';
import { timesheetCsvQuerySchema, timesheetQueryMessageSchema, timesheetQuerySchema } from '@shared/schemas/timesheets';
import { employeeOf } from '../../http/auth';
import { parseBody, parseId, parseQuery } from '../../http/validate';
import { actorOf } from '../../services/office/audit';
import { approveTimesheet, queryTimesheet } from '../../services/office/timesheets';
import { approveVisitTimesheet, isVisitRow, queryVisitTimesheet } from '../../services/office/visit-timesheets';
import { keptTimesheets } from '../../services/office/kept-lists';
import { timesheetsCsv } from '../../services/office/timesheets-csv';
import type { Deps } from '../../deps';

export function timesheetsRouter(deps: Deps): Router {
  const router = new Router();

  router.get('/timesheets', async (ctx) => {
    const q = parseQuery(ctx, timesheetQuerySchema);
    // One row per work submission: the bookings' and the visits' (README "Plans and visits").
    const { timesheets, total, totals, from, to } = await keptTimesheets(q, deps.clock.now());
    ctx.body = { success: true, timesheets, totals, from, to, page: q.page, limit: q.limit, total };
  });

  router.get('/timesheets.csv', async (ctx) => {
    const q = parseQuery(ctx, timesheetCsvQuerySchema);
    const { stream, filename } = await timesheetsCsv(q, deps.clock.now());
    ctx.attachment(filename);
    ctx.type = 'text/csv; charset=utf-8; header=present';
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = stream;
  });

  router.post('/timesheets/:bookingId/approve', async (ctx) => {
    const id = parseId(ctx, 'bookingId');
    // A visit's row is reviewed by its own id (Timesheet.visit_id).
    const timesheet = (await isVisitRow(id))
      ? await approveVisitTimesheet(actorOf(employeeOf(ctx)), id, deps.clock.now())
      : await approveTimesheet(actorOf(employeeOf(ctx)), id, deps.clock.now());
    ctx.body = { success: true, timesheet, message: OFFICE_MSG.timesheetApproved };
  });

  router.post('/timesheets/:bookingId/query', async (ctx) => {
    const id = parseId(ctx, 'bookingId');
    const { message } = parseBody(ctx, timesheetQueryMessageSchema);
    const timesheet = (await isVisitRow(id))
      ? await queryVisitTimesheet(actorOf(employeeOf(ctx)), id, message, deps.clock.now())
      : await queryTimesheet(deps, actorOf(employeeOf(ctx)), id, message, deps.clock.now());
    ctx.body = { success: true, timesheet, message: OFFICE_MSG.timesheetQueried };
  });

  return router;
}
