// OpenAPI operations of the office inbox: messages, enquiries and applications with their CVs (spread into document.ts).
import type { z } from 'zod';
import { inboxUpdateSchema } from '@shared/schemas/inbox';
import type { OperationOf } from './operation';

/** Request schemas these operations name. */
export const INBOX_SCHEMAS = {
  InboxUpdate: inboxUpdateSchema,
} satisfies Record<string, z.ZodType>;

type InboxOp = OperationOf<keyof typeof INBOX_SCHEMAS>;

const op = (o: InboxOp) => o;
const V = [400];

export const INBOX_OPS: InboxOp[] = [
  op({
    method: 'get',
    path: '/api/admin/inbox',
    tag: 'office inbox',
    summary: 'Contact messages, enquiries and job applications, new first (kind, status, q, page, limit)',
    auth: 'employee',
    ok: 200,
    answer: ['items', 'counts', 'page', 'limit', 'total'],
    errors: [...V, 403],
  }),
  op({
    method: 'get',
    path: '/api/admin/inbox/{kind}/{id}',
    tag: 'office inbox',
    summary: 'One inbox item with every field sent',
    auth: 'employee',
    ok: 200,
    answer: ['item'],
    errors: [...V, 403, 404],
  }),
  op({
    method: 'patch',
    path: '/api/admin/inbox/{kind}/{id}',
    tag: 'office inbox',
    summary: 'Mark an item handled or new, or set its note (audited)',
    auth: 'employee',
    json: 'InboxUpdate',
    ok: 200,
    answer: ['item'],
    errors: [...V, 403, 404],
  }),
  op({
    method: 'get',
    path: '/api/admin/career/{id}/cv',
    tag: 'office inbox',
    summary: "A job application's CV, as an attachment under the applicant's file name",
    auth: 'employee',
    ok: 200,
    answer: [],
    errors: [...V, 403, 404],
    binary: 'application/octet-stream',
  }),
];
