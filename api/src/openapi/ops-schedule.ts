// OpenAPI operations of the schedule, time off, bank holidays and closed days (spread into document.ts).
import type { z } from 'zod';
import type { OperationOf } from './operation';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import {
  closedDaysQuerySchema,
  closedDaysSchema,
  myTimeOffQuerySchema,
  planHoursSchema,
  resolveSchema,
  scheduleQuerySchema,
  timeOffListQuerySchema,
  timeOffSchema,
} from '@shared/schemas/schedule';

export const SCHEDULE_SCHEMAS = {
  TimeOff: timeOffSchema,
  HolidayResolve: resolveSchema,
  ClosedDays: closedDaysSchema,
  PlanHours: planHoursSchema,
} satisfies Record<string, z.ZodType>;

type ScheduleOp = OperationOf<keyof typeof SCHEDULE_SCHEMAS>;

const PAGE = ['page', 'limit', 'total', 'pages'];
const V = [400];
const paged = (query: z.ZodObject) => ({ query, defaultLimit: PAGE_LIMIT_DEFAULT });
const tag = 'office schedule';

export const SCHEDULE_OPS: ScheduleOp[] = [
  {
    method: 'get',
    path: '/api/admin/schedule',
    tag,
    summary:
      "The visits of a window (from–to, at most 14 days; default this week), one cleaner (`none`: nobody) or one postcode area: per visit its plan, cleaner index, date, time, estimated hours (and whether the office set them), customer, outward code, state, and flags for needs cover, clash, bank holiday, closed day, time off; with the window's cleaners, holidays, closed days and time off. One answer holds whole rows (row 0: the Unassigned lane; 1 + i: cleaners[i]) from `row` until about 250 visits; `next_row` is where the next starts (null: the last)",
    auth: 'employee',
    ok: 200,
    answer: ['from', 'to', 'next_row', 'cleaners', 'visits', 'holidays', 'closed', 'time_off'],
    errors: [...V, 403],
    paged: paged(scheduleQuerySchema as unknown as z.ZodObject),
  },
  {
    method: 'patch',
    path: '/api/admin/plans/{id}',
    tag,
    summary:
      "A plan's estimated hours per visit (its id is its booking's): 0.5–12 in half hours, or null for the estimate from its bedrooms and bathrooms; the schedule and its clashes use it (audited)",
    auth: 'employee',
    json: 'PlanHours',
    ok: 200,
    answer: ['plan'],
    errors: [...V, 403, 404],
  },
  {
    method: 'get',
    path: '/api/admin/time-off',
    tag,
    summary: 'Time off, newest first, optionally of one state (requested, approved, declined)',
    auth: 'employee',
    ok: 200,
    answer: ['time_off', ...PAGE],
    errors: [...V, 403],
    paged: paged(timeOffListQuerySchema),
  },
  {
    method: 'post',
    path: '/api/admin/time-off/{id}/approve',
    tag,
    summary: "Approve a request (decided once; the cleaner is mailed): the cleaner's visits inside it need cover",
    auth: 'employee',
    ok: 200,
    answer: ['time_off', 'needs_cover'],
    errors: [...V, 403, 404, 409],
  },
  {
    method: 'post',
    path: '/api/admin/time-off/{id}/decline',
    tag,
    summary: 'Decline a request (decided once; the cleaner is mailed); nothing else changes',
    auth: 'employee',
    ok: 200,
    answer: ['time_off', 'needs_cover'],
    errors: [...V, 403, 404, 409],
  },
  {
    method: 'post',
    path: '/api/admin/employees/{id}/time-off',
    tag,
    summary: "Enter a cleaner's time off, approved at once: their visits inside it need cover",
    auth: 'employee',
    json: 'TimeOff',
    ok: 201,
    answer: ['time_off', 'needs_cover'],
    errors: [...V, 403, 404],
  },
  {
    method: 'get',
    path: '/api/admin/bank-holidays',
    tag,
    summary: 'Bank holidays (per region) and closed days from–to (at most 400 days; default the next 90), each with the visits it touches not yet resolved',
    auth: 'employee',
    ok: 200,
    answer: ['holidays'],
    errors: [...V, 403],
  },
  {
    method: 'post',
    path: '/api/admin/bank-holidays/{date}/resolve',
    tag,
    summary:
      'The visits a bank holiday or closed day touches: move to the next working day, skip (the customer is told), or keep. Idempotent: a second call changes nothing',
    auth: 'employee',
    json: 'HolidayResolve',
    ok: 200,
    answer: ['changed'],
    errors: [...V, 403, 404],
  },
  {
    method: 'get',
    path: '/api/admin/closed-days',
    tag,
    summary: "The company's closed days, latest first",
    auth: 'employee',
    ok: 200,
    answer: ['closed_days', ...PAGE],
    errors: [...V, 403],
    paged: paged(closedDaysQuerySchema),
  },
  {
    method: 'post',
    path: '/api/admin/closed-days',
    tag,
    summary: 'Add closed days from–to with a note (super-admin; audited)',
    auth: 'employee',
    json: 'ClosedDays',
    ok: 201,
    answer: ['closed_days'],
    errors: [...V, 403],
  },
  {
    method: 'delete',
    path: '/api/admin/closed-days/{id}',
    tag,
    summary: 'Remove closed days (super-admin; audited)',
    auth: 'employee',
    ok: 200,
    answer: [],
    errors: [...V, 403, 404],
  },
  {
    method: 'get',
    path: '/api/employee/time-off',
    tag: 'employee time off',
    summary: 'My time off requests and their state, newest first',
    auth: 'employee',
    ok: 200,
    answer: ['time_off', ...PAGE],
    errors: [...V, 403],
    paged: paged(myTimeOffQuerySchema),
  },
  {
    method: 'post',
    path: '/api/employee/time-off',
    tag: 'employee time off',
    summary: 'Ask the office for time off from–to (both included) with an optional note',
    auth: 'employee',
    json: 'TimeOff',
    ok: 201,
    answer: ['time_off'],
    errors: [...V, 403],
    idempotent: true,
  },
];
