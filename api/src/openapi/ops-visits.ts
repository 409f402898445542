// OpenAPI operations of visits: the cleaner's own and open visits, the office's visit list (spread into document.ts).
import type { z } from 'zod';
import { workSubmissionsQuerySchema } from '@shared/schemas/paging';
import { adminVisitPatchSchema, adminVisitsQuerySchema, visitsQuerySchema } from '@shared/schemas/visits';
import { PAGE_FIELDS } from './operation-object';
import type { BOOKING_SCHEMAS } from './ops-bookings';
import { type OperationOf, paged } from './operation';

/** Request schemas these operations name. */
export const VISIT_SCHEMAS = {
  AdminVisitPatch: adminVisitPatchSchema,
} satisfies Record<string, z.ZodType>;

type VisitOp = OperationOf<keyof typeof VISIT_SCHEMAS | keyof typeof BOOKING_SCHEMAS>;

const op = (o: VisitOp) => o;
const V = [400];

export const VISIT_OPS: VisitOp[] = [
  op({
    method: 'get',
    path: '/api/employee/visits',
    tag: 'employee visits',
    summary: 'A page of my visits from–to (at most 93 days), with when and where',
    auth: 'employee',
    ok: 200,
    answer: ['visits', ...PAGE_FIELDS],
    errors: [...V, 403],
    paged: paged(visitsQuerySchema),
  }),
  op({
    method: 'get',
    path: '/api/employee/available-visits',
    tag: 'employee visits',
    summary: 'Cover jobs: visits released by their cleaner, soonest first',
    auth: 'employee',
    ok: 200,
    answer: ['visits', ...PAGE_FIELDS],
    errors: [...V, 403],
    paged: paged(workSubmissionsQuerySchema),
  }),
  op({
    method: 'post',
    path: '/api/employee/visits/{id}/submit-work',
    tag: 'employee visits',
    summary: 'Submit hours for one of my visits, once its time has come',
    auth: 'employee',
    json: 'WorkSubmission',
    ok: 200,
    answer: ['visit'],
    errors: [...V, 403, 404, 409],
    idempotent: true,
  }),
  op({
    method: 'put',
    path: '/api/employee/visits/{id}/work',
    tag: 'employee visits',
    summary: 'Correct the hours or notes I submitted for a visit (after a query): reviewed again; approved hours are locked',
    auth: 'employee',
    json: 'WorkSubmissionUpdate',
    ok: 200,
    answer: ['visit'],
    errors: [...V, 403, 404, 409],
    idempotent: true,
  }),
  op({
    method: 'post',
    path: '/api/employee/visits/{id}/release',
    tag: 'employee visits',
    summary: 'Give up one of my visits, at least 48 h ahead: it becomes a cover job',
    auth: 'employee',
    ok: 200,
    answer: ['visit'],
    errors: [...V, 403, 404, 409],
    idempotent: true,
  }),
  op({
    method: 'post',
    path: '/api/employee/visits/{id}/accept',
    tag: 'employee visits',
    summary: 'Take a cover job (atomic: one cleaner wins)',
    auth: 'employee',
    ok: 200,
    answer: ['visit'],
    errors: [...V, 403, 404, 409],
    idempotent: true,
  }),
  op({
    method: 'get',
    path: '/api/admin/visits',
    tag: 'office visits',
    summary: 'A page of visits from–to (at most 93 days), optionally of one cleaner (`none`: cover jobs) and one state (`open`: scheduled, no cleaner)',
    auth: 'employee',
    ok: 200,
    answer: ['visits', ...PAGE_FIELDS],
    errors: [...V, 403],
    paged: paged(adminVisitsQuerySchema),
  }),
  op({
    method: 'patch',
    path: '/api/admin/visits/{id}',
    tag: 'office visits',
    summary: 'Move, change the cleaner of, or cancel (with a reason) one visit or this and following (atomic per visit; audited)',
    auth: 'employee',
    json: 'AdminVisitPatch',
    ok: 200,
    answer: ['visit', 'changed'],
    errors: [...V, 403, 404, 409],
  }),
];
