// Plans and visits: the customer's (/api/user/visits, /api/user/bookings/{id} with its plan, and the
// plan's pause / resume / end / schedule) and the cleaner's (/api/employee/visits, hours per visit,
// release, cover jobs). Every change a device may queue offline takes an Idempotency-Key.
import Router from '@koa/router';
import type { Context } from 'koa';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { VISIT_MSG } from '@shared/messages-api';
import { workSubmissionSchema, workSubmissionUpdateSchema } from '@shared/schemas/employee';
import { pagingQuerySchema } from '@shared/schemas/paging';
import { endPlanSchema, moveVisitSchema, pausePlanSchema, scheduleSchema, skipVisitSchema, visitsQuerySchema, type ChargeAck } from '@shared/schemas/visits';
import { PRICE_MSG } from '@shared/messages-prices';
import { CHARGE_MSG } from '@shared/messages-charges';
import type { Deps } from '../deps';
import { authOf, customerOf, employeeOf } from '../http/auth';
import { requireCustomer, requireEmployee } from './guards';
import { visitsWithPay } from '../services/bookings/job-pay';
import { idempotent } from '../http/idempotency';
import { parseBody, parseId, parseQuery } from '../http/validate';
import * as customer from '../services/plans/visits-customer';
import * as cleaner from '../services/plans/visits-employee';
import { correctVisitWork } from '../services/plans/visits-work';
import * as act from '../services/plans/visit-actions';

export function visitsRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api' });
  const asCustomer = requireCustomer(deps);
  const asEmployee = requireEmployee(deps);
  const user = (ctx: Context) => String(customerOf(ctx)._id);
  const me = (ctx: Context) => authOf(ctx).sub;
  const rules = (): customer.Rules => ({ now: deps.clock.now(), cutoff: deps.config.visitChangeCutoff, horizonDays: deps.config.visitHorizonDays });

  router.get('/user/bookings/:id', asCustomer, async (ctx) => {
    // The cut-off time goes with it: the PWA shows offline, by the shared rule, what the API enforces.
    ctx.body = {
      success: true,
      ...(await customer.customerBookingWithPlan(user(ctx), parseId(ctx), deps.clock.now())),
      change_cutoff: deps.config.visitChangeCutoff,
      late_charge_percent: deps.config.lateChangeChargePercent,
    };
  });

  router.get('/user/visits', asCustomer, async (ctx) => {
    const { limit = PAGE_LIMIT_DEFAULT, ...q } = parseQuery(ctx, visitsQuerySchema);
    const { visits, info } = await customer.listCustomerVisits(user(ctx), { ...q, limit }, deps.clock.now());
    ctx.body = { success: true, visits, ...info };
  });

  // A change after the cut-off is charged (409 with charge_pence until accept_charge: true, and the
  // same charge_pence when the client names the amount it showed).
  const lateRules = (ack: ChargeAck): customer.Rules => ({
    ...rules(),
    lateChargePercent: deps.config.lateChangeChargePercent,
    cleanerSharePercent: deps.config.lateChargeCleanerPercent,
    acceptCharge: ack.accept_charge,
    acceptedPence: ack.charge_pence,
  });
  const charged = (
    visit: { late_charge_pence?: number; },
    plain: string,
  ) => (visit.late_charge_pence !== undefined ? PRICE_MSG.lateCharged(visit.late_charge_pence) : plain);
  const planCharged = (change: { charge_pence?: number; }, plain: string) => (change.charge_pence ? CHARGE_MSG.planCharged(change.charge_pence) : plain);

  router.post('/user/visits/:id/skip', asCustomer, idempotent(), async (ctx) => {
    const id = parseId(ctx);
    const visit = await act.skipAndTell(deps, user(ctx), id, lateRules(parseBody(ctx, skipVisitSchema)));
    ctx.body = { success: true, message: charged(visit, VISIT_MSG.skipped), visit };
  });

  router.post('/user/visits/:id/move', asCustomer, idempotent(), async (ctx) => {
    const id = parseId(ctx);
    const { start, ...ack } = parseBody(ctx, moveVisitSchema);
    const visit = await act.moveAndTell(deps, user(ctx), id, start, lateRules(ack));
    ctx.body = { success: true, message: charged(visit, VISIT_MSG.moved), visit };
  });

  router.post('/user/bookings/:id/pause', asCustomer, idempotent(), async (ctx) => {
    const id = parseId(ctx);
    const { from, until, ...ack } = parseBody(ctx, pausePlanSchema);
    const change = await act.pauseAndTell(deps, user(ctx), id, from, until, lateRules(ack));
    ctx.body = { success: true, message: planCharged(change, VISIT_MSG.paused), ...(await customer.customerBookingWithPlan(user(ctx), id, deps.clock.now())) };
  });

  router.post('/user/bookings/:id/resume', asCustomer, idempotent(), async (ctx) => {
    const id = parseId(ctx);
    await act.resumeAndTell(deps, user(ctx), id, rules());
    ctx.body = { success: true, message: VISIT_MSG.resumed, ...(await customer.customerBookingWithPlan(user(ctx), id, deps.clock.now())) };
  });

  router.post('/user/bookings/:id/end', asCustomer, idempotent(), async (ctx) => {
    const id = parseId(ctx);
    const { from, ...ack } = parseBody(ctx, endPlanSchema);
    const change = await act.endAndTell(deps, user(ctx), id, from, lateRules(ack));
    ctx.body = { success: true, message: planCharged(change, VISIT_MSG.ended), ...(await customer.customerBookingWithPlan(user(ctx), id, deps.clock.now())) };
  });

  router.patch('/user/bookings/:id/schedule', asCustomer, idempotent(), async (ctx) => {
    const id = parseId(ctx);
    const { accept_charge, charge_pence, ...input } = parseBody(ctx, scheduleSchema);
    const change = await act.scheduleAndTell(deps, user(ctx), id, input, lateRules({ accept_charge, charge_pence }));
    ctx.body = {
      success: true,
      message: planCharged(change, VISIT_MSG.scheduleChanged),
      ...(await customer.customerBookingWithPlan(user(ctx), id, deps.clock.now())),
    };
  });

  router.get('/employee/visits', asEmployee, async (ctx) => {
    const { limit = PAGE_LIMIT_DEFAULT, ...q } = parseQuery(ctx, visitsQuerySchema);
    const { visits, info } = await cleaner.listEmployeeVisits(me(ctx), { ...q, limit }, deps.clock.now(), deps.config.visitReleaseHours);
    ctx.body = { success: true, visits, ...info };
  });

  router.get('/employee/available-visits', asEmployee, async (ctx) => {
    const { page, limit = PAGE_LIMIT_DEFAULT } = parseQuery(ctx, pagingQuerySchema);
    const { visits, info } = await cleaner.coverVisits({ page, limit }, deps.clock.now());
    ctx.body = { success: true, visits: visitsWithPay(visits, employeeOf(ctx).pay_rate_pence), ...info };
  });

  router.post('/employee/visits/:id/submit-work', asEmployee, idempotent(), async (ctx) => {
    const id = parseId(ctx);
    const input = parseBody(ctx, workSubmissionSchema);
    // Its card charge planned, "Finished" told to the customer, the rating asked for in an hour.
    const visit = await act.submitAndFinish(deps, me(ctx), id, input);
    ctx.body = { success: true, message: VISIT_MSG.workSubmitted, visit };
  });

  // A correction of submitted hours or notes (after an office query): reviewed again, never once approved.
  router.put('/employee/visits/:id/work', asEmployee, idempotent(), async (ctx) => {
    const id = parseId(ctx);
    const input = parseBody(ctx, workSubmissionUpdateSchema);
    ctx.body = { success: true, message: VISIT_MSG.workCorrected, visit: await correctVisitWork(me(ctx), id, input, deps.clock.now()) };
  });

  router.post('/employee/visits/:id/release', asEmployee, idempotent(), async (ctx) => {
    const visit = await act.releaseAndOffer(deps, me(ctx), parseId(ctx), deps.config.visitReleaseHours);
    ctx.body = { success: true, message: VISIT_MSG.released, visit };
  });

  router.post('/employee/visits/:id/accept', asEmployee, idempotent(), async (ctx) => {
    const visit = await act.takeCoverAndTell(deps, me(ctx), parseId(ctx));
    ctx.body = { success: true, message: VISIT_MSG.coverAccepted, visit };
  });

  return router;
}
