// OpenAPI operations of checklists (templates, a visit's ticks, the customer's requests): spread into document.ts.
import { checklistPatchSchema, checklistTemplateSchema, visitRequestsSchema } from '@shared/schemas/checklists';
import type { OperationOf } from './operation';

export const CHECKLIST_SCHEMAS = {
  ChecklistTemplate: checklistTemplateSchema,
  ChecklistTicks: checklistPatchSchema,
  VisitRequests: visitRequestsSchema,
};

type ChecklistOp = OperationOf<keyof typeof CHECKLIST_SCHEMAS>;

export const CHECKLIST_OPS: ChecklistOp[] = [
  {
    method: 'get',
    path: '/api/admin/checklists/{cleaningType}',
    tag: 'office',
    summary:
      "A cleaning type's checklist (Standard, Deep, Move-out = end of tenancy): rooms and tasks in order, its version, and in_use (false: our suggested set, not given to visits until saved)",
    auth: 'employee',
    ok: 200,
    answer: ['checklist'],
    errors: [400, 403],
  },
  {
    method: 'put',
    path: '/api/admin/checklists/{cleaningType}',
    tag: 'office',
    summary:
      'Save the checklist (office roles; audited; 409 when `based_on` is not the current version). Visits not yet ticked follow it; a visit whose cleaner has started keeps its own copy',
    auth: 'employee',
    json: 'ChecklistTemplate',
    ok: 200,
    answer: ['checklist'],
    errors: [400, 403, 409],
  },
  {
    method: 'delete',
    path: '/api/admin/checklists/{cleaningType}',
    tag: 'office',
    summary: 'Stop giving visits of this type a checklist (audited); visits already ticked keep their own copy. The answer is our suggested set, not in use',
    auth: 'employee',
    ok: 200,
    answer: ['checklist'],
    errors: [400, 403],
  },
  {
    method: 'get',
    path: '/api/admin/visits/{id}/checklist',
    tag: 'office visits',
    summary: "One visit's checklist (each task done or not, with the cleaner's reason) and its customer's requests",
    auth: 'employee',
    ok: 200,
    answer: ['checklist', 'requests'],
    errors: [400, 403, 404],
  },
  {
    method: 'patch',
    path: '/api/employee/visits/{id}/checklist',
    tag: 'employee visits',
    summary:
      "Tick tasks of my own scheduled visit (done, and a reason for one left undone): setting a task's state, so a replay changes nothing more. Another cleaner's visit: 404; a finished visit or a task it does not have: 409",
    auth: 'employee',
    json: 'ChecklistTicks',
    ok: 200,
    answer: ['visit'],
    errors: [400, 401, 404, 409],
    idempotent: true,
  },
  {
    method: 'put',
    path: '/api/user/visits/{id}/requests',
    tag: 'customer plans',
    summary:
      'My requests for one of my visits ("please do the oven this time"; empty clears them), until the visit\'s change cut-off; after it 409 saying when it closed',
    auth: 'customer',
    json: 'VisitRequests',
    ok: 200,
    answer: ['visit', 'message'],
    errors: [400, 401, 404, 409],
    idempotent: true,
  },
];
