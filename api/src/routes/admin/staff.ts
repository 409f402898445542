// /api/admin/staff: the team. Adding someone sends an invitation; nobody types a staff password here.
import Router from '@koa/router';
import type { Context } from 'koa';
import { OFFICE_MSG } from '@shared/messages-office';
import { staffCreateSchema, staffPatchSchema, staffQuerySchema } from '@shared/schemas/office';
import { officeActor } from '../guards';
import type { Deps } from '../../deps';
import { parseBody, parseId, parseQuery } from '../../http/validate';
import * as staff from '../../services/office/staff';
import { patchStaffAndRelease, revokeInvitationAndRelease } from '../../services/plans/board-moves';

/** Where invitation links point: PUBLIC_URL when set, else the address this request came to. */
export const linkOrigin = (deps: Deps, ctx: Context) => deps.config.publicUrl ?? `${ctx.protocol}://${ctx.host}`;

export function staffRouter(deps: Deps): Router {
  const router = new Router();

  router.get('/staff', async (ctx) => {
    const q = parseQuery(ctx, staffQuerySchema);
    const { staff: items, total } = await staff.listStaff(q, deps.clock.now().getTime());
    ctx.body = { success: true, staff: items, page: q.page, limit: q.limit, total };
  });

  router.post('/staff', async (ctx) => {
    const input = parseBody(ctx, staffCreateSchema);
    const { member } = await staff.createStaff(deps, officeActor(ctx), input, linkOrigin(deps, ctx));
    ctx.status = 201;
    ctx.body = { success: true, message: OFFICE_MSG.staffInvited, staff: member };
  });

  router.get('/staff/:id', async (ctx) => {
    const { member, audit } = await staff.getStaff(parseId(ctx), deps.clock.now().getTime());
    ctx.body = { success: true, staff: member, audit };
  });

  router.patch('/staff/:id', async (ctx) => {
    const id = parseId(ctx);
    const input = parseBody(ctx, staffPatchSchema);
    const { member, released } = await patchStaffAndRelease(deps, officeActor(ctx), id, input);
    const message = input.is_active === false ? OFFICE_MSG.staffDeactivated : input.is_active === true ? OFFICE_MSG.staffReactivated : OFFICE_MSG.staffUpdated;
    ctx.body = { success: true, message, staff: member, released };
  });

  router.post('/staff/:id/invitation', async (ctx) => {
    const member = await staff.resendInvitation(deps, officeActor(ctx), parseId(ctx), linkOrigin(deps, ctx));
    ctx.body = { success: true, message: OFFICE_MSG.invitationResent, staff: member };
  });

  router.delete('/staff/:id/invitation', async (ctx) => {
    const member = await revokeInvitationAndRelease(deps, officeActor(ctx), parseId(ctx));
    ctx.body = { success: true, message: OFFICE_MSG.invitationRevoked, staff: member };
  });

  return router;
}
