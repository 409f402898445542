// The OpenAPI operations of the customer's plan extras (access notes), spread into document.ts.
import { accessNotesSchema } from '@shared/schemas/plan-notes';

export const PLAN_SCHEMAS = { PlanAccessNotes: accessNotesSchema };

export const PLAN_OPS = [
  {
    method: 'put' as const,
    path: '/api/user/bookings/{id}/access-notes',
    tag: 'customer plans',
    summary:
      "Set my plan's access notes for my cleaner (trimmed, at most 1000 characters; '' clears them). Only the visit's own cleaner reads them, in GET /api/employee/visits",
    auth: 'customer' as const,
    json: 'PlanAccessNotes' as const,
    ok: 200 as const,
    answer: ['access_notes'],
    errors: [400, 404, 409],
    idempotent: true,
  },
];
