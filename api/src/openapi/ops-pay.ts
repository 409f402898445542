// OpenAPI operations of a cleaner's pay (README "Paying cleaners"): spread into document.ts.
import type { OperationOf } from './operation';
import { holidayTakenSchema, paySettingsSchema, topUpSchema } from '@shared/schemas/pay';
import { pagingQuerySchema } from '@shared/schemas/paging';
import { PERIODS_PAGE } from '../services/pay/earnings';

export const PAY_SCHEMAS = { PayTopUp: topUpSchema, PayHolidayTaken: holidayTakenSchema, PaySettings: paySettingsSchema };

type PayOp = OperationOf<keyof typeof PAY_SCHEMAS>;
const op = (o: PayOp) => o;
const PERIOD = '(`?period=` any date of the pay period, YYYY-MM-DD, or a month; default: the current period)';

export const PAY_OPS: PayOp[] = [
  op({
    method: 'get',
    path: '/api/employee/earnings',
    tag: 'employee',
    summary:
      `My pay for one period ${PERIOD}: its lines (visits, travel, charge shares, holiday, top-ups) in pence, totals and the minimum wage check; only my own (another cleaner's id: 404)`,
    auth: 'employee',
    ok: 200,
    answer: ['period', 'status', 'lines', 'totals', 'rate_check', 'as_of'],
    errors: [400, 404],
  }),
  op({
    method: 'get',
    path: '/api/employee/earnings/periods',
    tag: 'employee',
    summary: 'A page of my earlier pay periods, newest first, each with its totals and whether it is paid',
    auth: 'employee',
    ok: 200,
    answer: ['periods', 'page', 'limit', 'total', 'pages'],
    errors: [400],
    paged: { query: pagingQuerySchema, defaultLimit: PERIODS_PAGE },
  }),
  op({
    method: 'get',
    path: '/api/admin/pay',
    tag: 'office',
    summary: `Every cleaner's pay for a period ${PERIOD}: hours, travel, pay, and the minimum wage check { ok, shortfall_pence }`,
    auth: 'employee',
    ok: 200,
    answer: ['period', 'status', 'settings', 'cleaners'],
    errors: [400, 403],
  }),
  op({
    method: 'get',
    path: '/api/admin/pay.csv',
    tag: 'office',
    summary:
      `The payroll export of a period ${PERIOD}, \`part=summary\` (one line per cleaner) or \`detail\` (one per pay line); refused (409) while a cleaner is under the minimum wage`,
    auth: 'employee',
    ok: 200,
    answer: [],
    errors: [400, 403, 409],
    binary: 'text/csv',
  }),
  op({
    method: 'get',
    path: '/api/admin/pay/settings',
    tag: 'office',
    summary: 'The pay settings: period (weekly, fortnightly, monthly and its first day), travel rate, holiday pay (accrued or rolled up)',
    auth: 'employee',
    ok: 200,
    answer: ['settings'],
    errors: [403],
  }),
  op({
    method: 'put',
    path: '/api/admin/pay/settings',
    tag: 'office',
    summary: 'Change the pay settings (audited)',
    auth: 'employee',
    json: 'PaySettings',
    ok: 200,
    answer: ['settings'],
    errors: [400, 403],
  }),
  op({
    method: 'get',
    path: '/api/admin/pay/{employeeId}',
    tag: 'office',
    summary: `One cleaner's pay for a period ${PERIOD}, line by line`,
    auth: 'employee',
    ok: 200,
    answer: ['employee', 'period', 'status', 'lines', 'totals', 'rate_check', 'as_of'],
    errors: [400, 403, 404],
  }),
  op({
    method: 'post',
    path: '/api/admin/pay/{employeeId}/top-up',
    tag: 'office',
    summary: "A top-up line on a cleaner's period (to the minimum wage, or any amount; audited)",
    auth: 'employee',
    json: 'PayTopUp',
    ok: 201,
    answer: ['cleaner'],
    errors: [400, 403, 404],
  }),
  op({
    method: 'post',
    path: '/api/admin/pay/{employeeId}/holiday',
    tag: 'office',
    summary: 'Paid holiday taken on a date, in hours, paid at the 52-week average hourly pay (audited)',
    auth: 'employee',
    json: 'PayHolidayTaken',
    ok: 201,
    answer: ['holiday'],
    errors: [400, 403, 404, 409],
  }),
];
