// The plan's access notes: PUT /api/user/bookings/{id}/access-notes (the plan's customer only).
// Queued offline like every plan change, so it takes an Idempotency-Key.
import Router from '@koa/router';
import { PLAN_MSG } from '@shared/messages-plans';
import { accessNotesSchema } from '@shared/schemas/plan-notes';
import type { Deps } from '../deps';
import { customerOf } from '../http/auth';
import { requireCustomer } from './guards';
import { idempotent } from '../http/idempotency';
import { parseBody, parseId } from '../http/validate';
import { setAccessNotes } from '../services/plans/plan-notes';

export function planNotesRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api' });
  router.put('/user/bookings/:id/access-notes', requireCustomer(deps), idempotent(), async (ctx) => {
    const id = parseId(ctx);
    const { access_notes } = parseBody(ctx, accessNotesSchema);
    ctx.body = { success: true, message: PLAN_MSG.accessNotesSaved, access_notes: await setAccessNotes(String(customerOf(ctx)._id), id, access_notes) };
  });
  return router;
}
