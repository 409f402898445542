// OpenAPI operations of the system: health probes and the company's settings (spread into document.ts).
import type { z } from 'zod';
import { companySchema } from '@shared/schemas/company';
import type { OperationOf } from './operation';

/** Request schemas these operations name. */
export const SYSTEM_SCHEMAS = {
  Company: companySchema,
} satisfies Record<string, z.ZodType>;

type SystemOp = OperationOf<keyof typeof SYSTEM_SCHEMAS>;

const op = (o: SystemOp) => o;
const V = [400];

export const SYSTEM_OPS: SystemOp[] = [
  op({
    method: 'get',
    path: '/api/health',
    tag: 'system',
    summary:
      "Liveness and database state; size_warning when the embedded database holds more than it is measured to serve; upgrading (percent and message) while an older release's data is upgraded",
    ok: 200,
    answer: ['ok', 'db', 'version'],
    errors: [503],
  }),
  op({ method: 'get', path: '/api/health/live', tag: 'system', summary: 'Liveness probe: the process answers', ok: 200, answer: ['ok'], errors: [] }),
  op({
    method: 'get',
    path: '/api/health/ready',
    tag: 'system',
    summary:
      "Readiness probe: database open, indexes ready, background timers running (and, while an older release's data is upgraded, upgrading: percent and message)",
    ok: 200,
    answer: ['ok', 'database', 'indexes', 'timers'],
    errors: [503],
  }),
  op({
    method: 'get',
    path: '/api/company',
    tag: 'system',
    summary: "The company's details every page shows (cacheable 30 s, ETag)",
    ok: 200,
    answer: ['company'],
    errors: [],
  }),
  op({
    method: 'get',
    path: '/api/admin/company',
    tag: 'office',
    summary: "The company settings and the office home's first-run checklist",
    auth: 'employee',
    ok: 200,
    answer: ['company', 'version', 'setup'],
    errors: [403],
  }),
  op({
    method: 'put',
    path: '/api/admin/company',
    tag: 'office',
    summary: 'Change the company settings (super-admin; audited)',
    auth: 'employee',
    json: 'Company',
    ok: 200,
    answer: ['company', 'version', 'setup'],
    errors: [...V, 403],
  }),
];
