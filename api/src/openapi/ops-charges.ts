// OpenAPI operations of late-change charges: the cleaner's "Couldn't get in" (spread into document.ts).
import { lockoutSchema } from '@shared/schemas/visits';
import type { OperationOf } from './operation';

/** Request schemas these operations name. */
export const CHARGE_SCHEMAS = {
  VisitLockout: lockoutSchema,
};

type Name = keyof typeof CHARGE_SCHEMAS;
type ChargeOp = OperationOf<Name>;

export const CHARGE_OPERATIONS: ChargeOp[] = [
  {
    method: 'post',
    path: '/api/employee/visits/{id}/lockout',
    tag: 'employee visits',
    summary:
      "The cleaner couldn't get in (own scheduled visit, once its time has come; optional note for the office): the visit is skipped and charged by the late-change rule, the cleaner's share is a pay line, the customer is told once. Reported again: the same answer, nothing twice",
    auth: 'employee',
    json: 'VisitLockout',
    ok: 200,
    answer: ['visit', 'message'],
    errors: [400, 401, 404, 409],
    idempotent: true,
  },
];
