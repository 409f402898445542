// OpenAPI operations of the office's timesheets: list, CSV, approve, query (spread into document.ts).
import type { z } from 'zod';
import { timesheetQueryMessageSchema } from '@shared/schemas/timesheets';
import type { OperationOf } from './operation';

/** Request schemas these operations name. */
export const TIMESHEET_SCHEMAS = {
  TimesheetQueryMessage: timesheetQueryMessageSchema,
} satisfies Record<string, z.ZodType>;

type TimesheetOp = OperationOf<keyof typeof TIMESHEET_SCHEMAS>;

const op = (o: TimesheetOp) => o;
const V = [400];

export const TIMESHEET_OPS: TimesheetOp[] = [
  op({
    method: 'get',
    path: '/api/admin/timesheets',
    tag: 'office timesheets',
    summary:
      "Work submissions of a period (from, to, employee, status, page, limit) with totals per employee; each row with the plan's `expected_hours` and `over_expected` (submitted 30 minutes or more over them)",
    auth: 'employee',
    ok: 200,
    answer: ['timesheets', 'totals', 'from', 'to', 'page', 'limit', 'total'],
    errors: [...V, 403],
  }),
  op({
    method: 'get',
    path: '/api/admin/timesheets.csv',
    tag: 'office timesheets',
    summary:
      'Payroll CSV of a period (from, to, employee, status): one row per submission (reference, clean and submitted dates, postcode, hours, pay rate and pay in pence); `part=totals`: a separate file of totals per employee',
    auth: 'employee',
    ok: 200,
    answer: [],
    errors: [...V, 403],
    binary: 'text/csv',
  }),
  op({
    method: 'post',
    path: '/api/admin/timesheets/{bookingId}/approve',
    tag: 'office timesheets',
    summary: 'Approve the hours submitted for a booking (audited)',
    auth: 'employee',
    ok: 200,
    answer: ['timesheet'],
    errors: [...V, 403, 404, 409],
  }),
  op({
    method: 'post',
    path: '/api/admin/timesheets/{bookingId}/query',
    tag: 'office timesheets',
    summary: 'Send the submission back to its cleaner with a question (audited)',
    auth: 'employee',
    json: 'TimesheetQueryMessage',
    ok: 200,
    answer: ['timesheet'],
    errors: [...V, 403, 404, 409],
  }),
];
