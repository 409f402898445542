// Every API area's router, mounted in this order by app.ts.
import type Router from '@koa/router';
import type { Deps } from '../deps';
import { healthRouter } from './health';
import { authRouter } from './auth';
import { userRouter } from './user';
import { homesRouter } from './homes';
import { bookingsRouter } from './bookings';
import { employeeRouter } from './employee';
import { blogRouter } from './blog';
import { formsRouter } from './forms';
import { openapiRouter } from './openapi';
import { adminRouter } from './admin/index';
import { staffAuthRouter } from './staff-auth';
import { notificationsRouter } from './notifications';
import { companyRouter } from './company';
import { visitsRouter } from './visits';
import { remindersRouter } from './reminders';
import { planNotesRouter } from './plan-notes';
import { timeOffRouter } from './time-off';
import { pricesRouter } from './prices';
import { bookingAgreementRouter } from './booking-agreement';
import { dataRightsRouter } from './data-rights';
import { calendarRouter } from './calendar';
import { statementsRouter } from './statements';
import { lockoutRouter } from './lockout';
import { photosRouter } from './photos';
import { problemsRouter } from './problems';
import { payRouter } from './pay';
import { paymentsRouter } from './payments';
import { ledgerRouter } from './ledger';
import { checklistsRouter } from './checklists';

export function apiRouters(deps: Deps): Router[] {
  return [
    healthRouter(deps),
    authRouter(deps),
    userRouter(deps),
    homesRouter(deps),
    bookingsRouter(deps),
    bookingAgreementRouter(deps),
    employeeRouter(deps),
    visitsRouter(deps),
    lockoutRouter(deps),
    photosRouter(deps),
    problemsRouter(deps),
    calendarRouter(deps),
    dataRightsRouter(deps),
    statementsRouter(deps),
    paymentsRouter(deps),
    ledgerRouter(deps),
    checklistsRouter(deps),
    planNotesRouter(deps),
    remindersRouter(deps),
    timeOffRouter(deps),
    payRouter(deps),
    staffAuthRouter(deps),
    blogRouter(deps),
    formsRouter(deps),
    companyRouter(deps),
    pricesRouter(deps),
    adminRouter(deps),
    notificationsRouter(deps),
    openapiRouter(deps),
  ];
}
