// Checklists (shared/README.md "Checklists"): the office's template of a cleaning type, the cleaner's
// ticks and the customer's requests; the one schema each for the route and the form that send it.
import { z } from 'zod';
import { FIELD_MSG } from '../messages';
import { CHECKLIST_MSG as M } from '../messages-checklists';
import {
  CHECKLIST_NOTE_MAX,
  CHECKLIST_ROOM_MAX,
  CHECKLIST_ROOMS_MAX,
  CHECKLIST_TASK_MAX,
  CHECKLIST_TASKS_MAX,
  CHECKLIST_TASKS_PER_ROOM_MAX,
  CHECKLIST_TYPES,
  VISIT_REQUESTS_MAX,
  type ChecklistItem,
  type ChecklistRoom,
  type ChecklistType,
} from '../checklists';
import { boundedString } from './common';

/** A task's id: made by the server when the task is first saved, kept while it stays in the template. */
export const CHECKLIST_ID_PATTERN = /^[a-z0-9]{1,24}$/;
const taskId = boundedString(24, M.unknownTask).regex(CHECKLIST_ID_PATTERN, M.unknownTask);

/** `/api/admin/checklists/{cleaningType}`: one of the cleaning types with a checklist. */
export const checklistTypeSchema = z.enum(CHECKLIST_TYPES, { error: M.unknownType(CHECKLIST_TYPES) });

const roomSchema = z.strictObject({
  room: boundedString(CHECKLIST_ROOM_MAX, FIELD_MSG.tooLong(CHECKLIST_ROOM_MAX), M.roomRequired).trim().min(1, M.roomRequired),
  tasks: z
    .array(
      z.strictObject({
        id: taskId.optional(),
        task: boundedString(CHECKLIST_TASK_MAX, FIELD_MSG.tooLong(CHECKLIST_TASK_MAX), M.taskRequired).trim().min(1, M.taskRequired),
      }),
    )
    .min(1, M.addTask)
    .max(CHECKLIST_TASKS_PER_ROOM_MAX, M.tooManyTasks(CHECKLIST_TASKS_PER_ROOM_MAX)),
});

const uniqueIds = (ids: string[]) => new Set(ids).size === ids.length;

/** PUT /api/admin/checklists/{cleaningType}: the rooms in order, each with its tasks in order. */
export const checklistTemplateSchema = z.strictObject({
  rooms: z
    .array(roomSchema)
    .min(1, M.addRoom)
    .max(CHECKLIST_ROOMS_MAX, M.tooManyRooms(CHECKLIST_ROOMS_MAX))
    .refine((rooms) => rooms.reduce((n, r) => n + r.tasks.length, 0) <= CHECKLIST_TASKS_MAX, M.tooManyInAll(CHECKLIST_TASKS_MAX))
    .refine((rooms) => uniqueIds(rooms.flatMap((r) => r.tasks.flatMap((t) => (t.id ? [t.id] : [])))), M.duplicateId),
  // The version the editor loaded: a save meanwhile makes this one lose (409) rather than undo it.
  based_on: z.number().int().min(0).max(1_000_000_000),
});
export type ChecklistTemplateInput = z.infer<typeof checklistTemplateSchema>;

const noteText = boundedString(CHECKLIST_NOTE_MAX, FIELD_MSG.tooLong(CHECKLIST_NOTE_MAX)).trim();

/** PATCH /api/employee/visits/{id}/checklist: ticks (and reasons) for some of the visit's tasks. */
export const checklistPatchSchema = z.strictObject({
  items: z
    .array(z.strictObject({ id: taskId, done: z.boolean({ error: FIELD_MSG.required('done (true or false)') }), note: noteText.optional() }))
    .min(1, FIELD_MSG.nothingToUpdate)
    .max(CHECKLIST_TASKS_MAX, M.tooManyInAll(CHECKLIST_TASKS_MAX))
    .refine((items) => uniqueIds(items.map((i) => i.id)), M.duplicateId),
});
export type ChecklistPatch = z.infer<typeof checklistPatchSchema>;

/** PUT /api/user/visits/{id}/requests: the customer's words for this visit (empty clears them). */
export const visitRequestsSchema = z.strictObject({
  text: boundedString(VISIT_REQUESTS_MAX, FIELD_MSG.tooLong(VISIT_REQUESTS_MAX), FIELD_MSG.required('Text')).trim(),
});
export type VisitRequestsInput = z.infer<typeof visitRequestsSchema>;

/** GET/PUT /api/admin/checklists/{cleaningType}'s answer. */
export interface ChecklistTemplateDto {
  cleaning_type: ChecklistType;
  rooms: Array<{ room: string; tasks: Array<{ id?: string; task: string; }>; }>;
  /** False until the office first saves it: visits get no checklist, and `rooms` is our suggested set. */
  in_use: boolean;
  version: number;
  saved_at: string | null;
}

export type { ChecklistItem, ChecklistRoom };
