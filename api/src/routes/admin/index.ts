// The office API (/api/admin/*): employee tokens whose account is active and holds an office role.
// Each area's sub-router is mounted under one guarded router, so no route can forget the check.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../../deps';
import { requireRole } from '../../http/auth';
import { employeeAuth } from '../employee';
import { OFFICE_ROLES } from '../../../../shared/schemas/office';
import type { EmployeeDoc } from '../../models/Employee';
import { actorOf, type AuditActor } from '../../services/office/audit';
import { auditRouter } from './audit';

/** The signed-in office member, as the audit log records them. */
export const officeActor = (ctx: Context): AuditActor => actorOf(ctx.state.employee as EmployeeDoc);

export function adminRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.use(employeeAuth(deps), requireRole(...OFFICE_ROLES));
  for (const sub of [auditRouter(deps)]) router.use(sub.routes(), sub.allowedMethods());
  return router;
}
