// Employee portal, except the blog and sign-in (staff-auth.ts): profile, bookings, work, stats.
import Router from '@koa/router';
import type { Context } from 'koa';
import { MSG } from '@shared/messages';
import { STAFF_MSG } from '@shared/messages-staff';
import { API_MSG } from '@shared/messages-api';
import { employeeProfileUpdateSchema, workSubmissionSchema, workSubmissionUpdateSchema } from '@shared/schemas/employee';
import { availableQuerySchema, myBookingsQuerySchema, workSubmissionsQuerySchema } from '@shared/schemas/paging';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { authOf, employeeOf } from '../http/auth';
import { requireEmployee } from './guards';
import { parseBody, parseId, parseQuery } from '../http/validate';
import { idempotent } from '../http/idempotency';
import { publicEmployee } from '../services/accounts/account-view';
import { signOutEmployee, updateEmployeeProfile } from '../services/accounts/employee-account';
import { availableBookings, declineBooking, myBookings } from '../services/bookings/bookings-employee-jobs';
import { employeeStats, updateSubmission, workSubmissions } from '../services/bookings/bookings-employee-work';
import { acceptAndTell } from '../services/plans/board-moves';
import { submitBookingAndFinish } from '../services/plans/visit-actions';
import { bookingsWithPay } from '../services/bookings/job-pay';
import type { Deps } from '../deps';
import { acceptBodySchema } from '@shared/schemas/visits';

const me = (ctx: Context) => authOf(ctx).sub;

export function employeeRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api' });
  const auth = requireEmployee(deps);

  router.get('/employee/profile', auth, (ctx) => {
    ctx.body = { success: true, employee: publicEmployee(employeeOf(ctx)) };
  });

  router.put('/employee/profile', auth, async (ctx) => {
    const input = parseBody(ctx, employeeProfileUpdateSchema);
    const { employee, passwordChanged, token } = await updateEmployeeProfile(deps, me(ctx), input);
    // After a password change `token` replaces this device's token; every other session has ended.
    ctx.body = { success: true, employee, token, message: passwordChanged ? API_MSG.passwordChanged : MSG.profileUpdated };
  });

  router.post('/employee/logout', auth, async (ctx) => {
    await signOutEmployee(me(ctx));
    ctx.body = { success: true, message: API_MSG.signedOut };
  });

  router.get('/employee/available-bookings', auth, async (ctx) => {
    const { limit = PAGE_LIMIT_DEFAULT, ...query } = parseQuery(ctx, availableQuerySchema);
    const { items, info } = await availableBookings(me(ctx), { ...query, limit });
    ctx.body = {
      success: true,
      bookings: bookingsWithPay(items, employeeOf(ctx).pay_rate_pence),
      message: info.total ? API_MSG.availableLoaded : STAFF_MSG.noAvailableBookings,
      ...info,
    };
  });

  router.post('/employee/bookings/:id/accept', auth, async (ctx) => {
    const booking = await acceptAndTell(deps, { id: me(ctx), name: employeeOf(ctx).name }, parseId(ctx), parseBody(ctx, acceptBodySchema));
    ctx.body = { success: true, message: STAFF_MSG.accepted, booking };
  });

  router.post('/employee/bookings/:id/decline', auth, async (ctx) => {
    await declineBooking(me(ctx), parseId(ctx));
    ctx.body = { success: true, message: API_MSG.bookingDeclined };
  });

  router.get('/employee/my-bookings', auth, async (ctx) => {
    const { limit = PAGE_LIMIT_DEFAULT, ...query } = parseQuery(ctx, myBookingsQuerySchema);
    const { items, info, counts } = await myBookings(me(ctx), { ...query, limit }, deps.clock.now());
    ctx.body = { success: true, bookings: items, message: info.total ? undefined : STAFF_MSG.noBookingsFound, ...info, counts };
  });

  router.post('/employee/bookings/:id/submit-work', auth, idempotent(), async (ctx) => {
    const booking = await submitBookingAndFinish(deps, me(ctx), parseId(ctx), parseBody(ctx, workSubmissionSchema));
    ctx.body = { success: true, message: STAFF_MSG.workSubmitted, booking };
  });

  router.get('/employee/work-submissions', auth, async (ctx) => {
    const { page, limit = PAGE_LIMIT_DEFAULT } = parseQuery(ctx, workSubmissionsQuerySchema);
    const { items, info } = await workSubmissions(me(ctx), { page, limit });
    ctx.body = { success: true, submissions: items, ...info };
  });

  router.put('/employee/work-submissions/:id', auth, async (ctx) => {
    const id = parseId(ctx);
    const input = parseBody(ctx, workSubmissionUpdateSchema);
    const submission = await updateSubmission(me(ctx), id, input, deps.clock.now());
    ctx.body = { success: true, submission, message: STAFF_MSG.submissionUpdated };
  });

  router.get('/employee/stats', auth, async (ctx) => {
    ctx.body = { success: true, stats: await employeeStats(me(ctx), deps.clock.now()) };
  });

  return router;
}
