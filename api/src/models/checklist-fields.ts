// A visit's own checklist and its customer's requests (shared/README.md "Checklists"). `checklist` is
// absent while the visit follows its cleaning type's template; the first tick (or the hours) copies
// the template onto the visit, and from then on a change of the template leaves this visit as it is.
import { Schema } from 'mongoose';
import { CHECKLIST_TASK_FIELDS } from './ChecklistTemplate';

export const CHECKLIST_FIELDS = {
  checklist: {
    type: [new Schema({ ...CHECKLIST_TASK_FIELDS, done: { type: Boolean, default: false }, note: { type: String, default: '' } }, { _id: false })],
    default: undefined,
  },
  // Moved by each write of `checklist`: a write on the copy just read, so two at once never drop a tick.
  checklist_rev: { type: Number, default: undefined },
  requests: { type: String, default: undefined },
} as const;
