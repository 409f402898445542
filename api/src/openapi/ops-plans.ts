// OpenAPI operations of the customer's plans: their visits, skip, move, pause, resume, end, schedule,
// access notes for the cleaner (spread into document.ts).
import type { z } from 'zod';
import { accessNotesSchema } from '@shared/schemas/plan-notes';
import { endPlanSchema, moveVisitSchema, pausePlanSchema, scheduleSchema, visitsQuerySchema } from '@shared/schemas/visits';
import { type OperationOf, paged } from './operation';
import { PAGE_FIELDS } from './operation-object';
import type { PRICE_SCHEMAS } from './ops-prices';

/** Request schemas these operations name (VisitSkip is the prices' own). */
export const PLAN_SCHEMAS = {
  PlanAccessNotes: accessNotesSchema,
  VisitMove: moveVisitSchema,
  PlanPause: pausePlanSchema,
  PlanEnd: endPlanSchema,
  PlanSchedule: scheduleSchema,
} satisfies Record<string, z.ZodType>;

type PlanOp = OperationOf<keyof typeof PLAN_SCHEMAS | keyof typeof PRICE_SCHEMAS>;

const op = (o: PlanOp) => o;
const V = [400];

export const PLAN_OPS: PlanOp[] = [
  {
    method: 'put',
    path: '/api/user/bookings/{id}/access-notes',
    tag: 'customer plans',
    summary:
      "Set my plan's access notes for my cleaner (trimmed, at most 1000 characters; '' clears them). Only the visit's own cleaner reads them, in GET /api/employee/visits",
    auth: 'customer',
    json: 'PlanAccessNotes',
    ok: 200,
    answer: ['access_notes'],
    errors: [400, 404, 409],
    idempotent: true,
  },
  // Plans and visits (README "Plans and visits"): starts are ISO 8601 with their UTC offset, London wall time
  op({
    method: 'get',
    path: '/api/user/bookings/{id}',
    tag: 'customer plans',
    summary:
      'My booking with its plan (frequency, days, state: active|paused|ended|cancelled, state_text, paused_until, ends_on, ended_by, ended_at, end_reason, cleaner_first_name, expected_hours, price_pence, price_confirmed) and its next 8 visits, and the change cut-off time (London, the day before a visit) with the late-change charge percent',
    auth: 'customer',
    ok: 200,
    answer: ['booking', 'plan', 'visits', 'change_cutoff', 'late_charge_percent'],
    errors: [...V, 404],
  }),
  op({
    method: 'get',
    path: '/api/user/visits',
    tag: 'customer plans',
    summary: 'A page of my visits from–to (London dates, at most 93 days; from defaults to today, to to 4 weeks on), in time order',
    auth: 'customer',
    ok: 200,
    answer: ['visits', ...PAGE_FIELDS],
    errors: V,
    paged: paged(visitsQuerySchema),
  }),
  op({
    method: 'post',
    path: '/api/user/visits/{id}/skip',
    tag: 'customer plans',
    summary:
      'Skip one visit: free until the change cut-off (18:00 London the day before); after it 409 with `charge_pence` until the body says `accept_charge: true`, then the visit records the charge',
    auth: 'customer',
    json: 'VisitSkip',
    jsonOptional: true,
    ok: 200,
    answer: ['visit'],
    errors: [...V, 404, 409],
    idempotent: true,
  }),
  op({
    method: 'post',
    path: '/api/user/visits/{id}/move',
    tag: 'customer plans',
    summary:
      "Move one visit to another date and time (not into the past, not onto a day the plan already has a visit, not into a new time past its cut-off); after the visit's own cut-off 409 with `charge_pence` until `accept_charge: true`",
    auth: 'customer',
    json: 'VisitMove',
    ok: 200,
    answer: ['visit'],
    errors: [...V, 404, 409],
    idempotent: true,
  }),
  op({
    method: 'post',
    path: '/api/user/bookings/{id}/pause',
    tag: 'customer plans',
    summary:
      'Pause my plan from–until (both included): those visits are removed (visits past their cut-off are charged: 409 with `charge_pence` and `visits` until `accept_charge: true`)',
    auth: 'customer',
    json: 'PlanPause',
    ok: 200,
    answer: ['booking', 'plan', 'visits'],
    errors: [...V, 404, 409],
    idempotent: true,
  }),
  op({
    method: 'post',
    path: '/api/user/bookings/{id}/resume',
    tag: 'customer plans',
    summary: 'Resume my paused plan: its visits come back',
    auth: 'customer',
    ok: 200,
    answer: ['booking', 'plan', 'visits'],
    errors: [...V, 404, 409],
    idempotent: true,
  }),
  op({
    method: 'post',
    path: '/api/user/bookings/{id}/end',
    tag: 'customer plans',
    summary:
      'End my plan from a date: later visits are removed (visits past their cut-off are charged: 409 with `charge_pence` and `visits` until `accept_charge: true`)',
    auth: 'customer',
    json: 'PlanEnd',
    ok: 200,
    answer: ['booking', 'plan', 'visits'],
    errors: [...V, 404, 409],
    idempotent: true,
  }),
  op({
    method: 'patch',
    path: '/api/user/bookings/{id}/schedule',
    tag: 'customer plans',
    summary:
      'Change the regular time and/or days from a date: this and following visits (moved or skipped ones stay) (visits past their cut-off are charged: 409 with `charge_pence` and `visits` until `accept_charge: true`)',
    auth: 'customer',
    json: 'PlanSchedule',
    ok: 200,
    answer: ['booking', 'plan', 'visits'],
    errors: [...V, 404, 409],
    idempotent: true,
  }),
];
