// The office API (/api/admin/*): employee tokens whose account is active and holds an office role.
// Each area's sub-router is mounted under one guarded router, so no route can forget the check.
import Router from '@koa/router';
import type { Deps } from '../../deps';
import { requireEmployee } from '../guards';
import { requireRole } from '../../http/auth';
import { OFFICE_ROLES } from '@shared/schemas/office';
import { auditRouter } from './audit';
import { inboxRouter } from './inbox';
import { timesheetsRouter } from './timesheets';
import { statsRouter } from './stats';
import { staffRouter } from './staff';
import { bookingsBoardRouter } from './bookings';
import { customersRouter } from './customers';
import { companyAdminRouter } from './company';
import { visitsAdminRouter } from './visits';
import { scheduleAdminRouter } from './schedule';
import { pricesAdminRouter } from './prices';
import { dataRequestsRouter } from './data-requests';
import { statementsAdminRouter } from './statements';
import { payAdminRouter } from './pay';
import { paymentsAdminRouter } from './payments';
import { ledgerAdminRouter } from './ledger';
import { problemsAdminRouter } from './problems';
import { checklistsAdminRouter } from './checklists';

export function adminRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.use(requireEmployee(deps), requireRole(...OFFICE_ROLES));
  const subs = [
    staffRouter(deps),
    bookingsBoardRouter(deps),
    customersRouter(deps),
    auditRouter(deps),
    inboxRouter(deps),
    timesheetsRouter(deps),
    statsRouter(deps),
    companyAdminRouter(deps),
    visitsAdminRouter(deps),
    scheduleAdminRouter(deps),
    pricesAdminRouter(deps),
    dataRequestsRouter(deps),
    statementsAdminRouter(deps),
    payAdminRouter(deps),
    paymentsAdminRouter(deps),
    ledgerAdminRouter(deps),
    problemsAdminRouter(deps),
    checklistsAdminRouter(deps),
  ];
  for (const sub of subs) router.use(sub.routes(), sub.allowedMethods());
  return router;
}
