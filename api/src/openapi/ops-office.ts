// OpenAPI operations of the office (admin and super-admin staff): team, customers, audit, the company's figures (spread into document.ts).
import type { z } from 'zod';
import { customerPatchSchema, staffCreateSchema, staffPatchSchema } from '@shared/schemas/office';
import type { OperationOf } from './operation';

/** Request schemas these operations name. */
export const OFFICE_SCHEMAS = {
  StaffCreate: staffCreateSchema,
  StaffPatch: staffPatchSchema,
  CustomerPatch: customerPatchSchema,
} satisfies Record<string, z.ZodType>;

type OfficeOp = OperationOf<keyof typeof OFFICE_SCHEMAS>;

const op = (o: OfficeOp) => o;
const V = [400];

export const OFFICE_OPS: OfficeOp[] = [
  op({
    method: 'get',
    path: '/api/admin/staff',
    tag: 'office team',
    summary: 'The team (q, role, status, page, limit)',
    auth: 'employee',
    ok: 200,
    answer: ['staff', 'page', 'limit', 'total'],
    errors: [...V, 403],
  }),
  op({
    method: 'post',
    path: '/api/admin/staff',
    tag: 'office team',
    summary: 'Add a person and e-mail them an invitation (only a super-admin adds admins; audited)',
    auth: 'employee',
    json: 'StaffCreate',
    ok: 201,
    answer: ['staff'],
    errors: [...V, 403, 409],
  }),
  op({
    method: 'get',
    path: '/api/admin/staff/{id}',
    tag: 'office team',
    summary: 'One person of the team with their audit',
    auth: 'employee',
    ok: 200,
    answer: ['staff', 'audit'],
    errors: [...V, 403, 404],
  }),
  op({
    method: 'patch',
    path: '/api/admin/staff/{id}',
    tag: 'office team',
    summary: 'Change profile, role or is_active (deactivation ends sessions and frees bookings; audited)',
    auth: 'employee',
    json: 'StaffPatch',
    ok: 200,
    answer: ['staff', 'released'],
    errors: [...V, 403, 404, 409],
  }),
  op({
    method: 'post',
    path: '/api/admin/staff/{id}/invitation',
    tag: 'office team',
    summary: 'Send a new invitation (the old link stops working)',
    auth: 'employee',
    ok: 200,
    answer: ['staff'],
    errors: [...V, 403, 404, 409],
  }),
  op({
    method: 'delete',
    path: '/api/admin/staff/{id}/invitation',
    tag: 'office team',
    summary: 'Revoke the open invitation',
    auth: 'employee',
    ok: 200,
    answer: ['staff'],
    errors: [...V, 403, 404, 409],
  }),
  op({
    method: 'get',
    path: '/api/admin/customers',
    tag: 'office customers',
    summary: 'Customer records (q, blocked, page, limit)',
    auth: 'employee',
    ok: 200,
    answer: ['customers', 'page', 'limit', 'total', 'total_capped'],
    errors: [...V, 403],
  }),
  op({
    method: 'get',
    path: '/api/admin/customers/{id}',
    tag: 'office customers',
    summary: 'One customer: profile, bookings, counts and audit',
    auth: 'employee',
    ok: 200,
    answer: ['customer', 'bookings', 'audit'],
    errors: [...V, 403, 404],
  }),
  op({
    method: 'patch',
    path: '/api/admin/customers/{id}',
    tag: 'office customers',
    summary: 'Block or unblock a customer (blocking ends their sessions; audited)',
    auth: 'employee',
    json: 'CustomerPatch',
    ok: 200,
    answer: ['customer'],
    errors: [...V, 403, 404],
  }),
  op({
    method: 'get',
    path: '/api/admin/audit',
    tag: 'office',
    summary: "The office's audit log, newest first (type, target, actor, page, limit); append-only",
    auth: 'employee',
    ok: 200,
    answer: ['entries', 'page', 'limit', 'total', 'total_capped'],
    errors: [...V, 403],
  }),
  op({
    method: 'get',
    path: '/api/admin/stats',
    tag: 'office',
    summary:
      "The company's figures for a period (from, to; default the last 12 weeks): per week and in all, bookings created, accepted, completed, cancelled (by the office, by the customer within 14 days, or withdrawn) and plans ended (by the customer or by closing the account)",
    auth: 'employee',
    ok: 200,
    answer: ['stats'],
    errors: [...V, 403],
  }),
];
