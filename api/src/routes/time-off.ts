// The cleaner's time off (/api/employee/time-off): ask for it, see each request's state.
import Router from '@koa/router';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { SCHEDULE_MSG } from '@shared/messages-schedule';
import { myTimeOffQuerySchema, timeOffSchema } from '@shared/schemas/schedule';
import type { Deps } from '../deps';
import { authOf } from '../http/auth';
import { requireEmployee } from './guards';
import { idempotent } from '../http/idempotency';
import { parseBody, parseQuery } from '../http/validate';
import { myTimeOff } from '../services/schedule/time-off';
import { requestTimeOffAndTell } from '../services/schedule/time-off-tell';

export function timeOffRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api/employee' });
  const asEmployee = requireEmployee(deps);

  router.get('/time-off', asEmployee, async (ctx) => {
    const { page, limit = PAGE_LIMIT_DEFAULT } = parseQuery(ctx, myTimeOffQuerySchema);
    ctx.body = { success: true, ...(await myTimeOff(authOf(ctx).sub, { page, limit })) };
  });

  router.post('/time-off', asEmployee, idempotent(), async (ctx) => {
    const input = parseBody(ctx, timeOffSchema);
    const time_off = await requestTimeOffAndTell(deps, authOf(ctx).sub, input);
    ctx.status = 201;
    ctx.body = { success: true, message: SCHEDULE_MSG.timeOffSent, time_off };
  });

  return router;
}
