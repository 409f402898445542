// The office API (/api/admin/*): employee tokens whose account is active and holds an office role.
// Each area's sub-router is mounted under one guarded router, so no route can forget the check.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../../deps';
import { employeeOf, requireEmployee, requireRole } from '../../http/auth';
import { OFFICE_ROLES } from '../../../../shared/schemas/office';
import { actorOf, type AuditActor } from '../../services/office/audit';
import { auditRouter } from './audit';
import { inboxRouter } from './inbox';
import { timesheetsRouter } from './timesheets';
import { statsRouter } from './stats';

/** The signed-in office member, as the audit log records them. */
export const officeActor = (ctx: Context): AuditActor => actorOf(employeeOf(ctx));

export function adminRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.use(requireEmployee(deps), requireRole(...OFFICE_ROLES));
  for (const sub of [auditRouter(deps), inboxRouter(deps), timesheetsRouter(deps), statsRouter(deps)]) router.use(sub.routes(), sub.allowedMethods());
  return router;
}
