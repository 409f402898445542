// The office's checklist of one cleaning type (shared/README.md "Checklists"): its tasks in order, each
// with the room it belongs to and an id kept while the task stays, so a visit's ticks find their task.
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { CHECKLIST_TYPES } from '@shared/checklists';
import { STAMPED, type Stamped } from './stamps';
import { trackWriteVersion } from './write-version';

export const CHECKLIST_TASK_FIELDS = { id: { type: String, required: true }, room: { type: String, required: true }, task: { type: String, required: true } };

const templateSchema = new Schema(
  {
    cleaning_type: { type: String, enum: CHECKLIST_TYPES, required: true, unique: true },
    items: { type: [new Schema(CHECKLIST_TASK_FIELDS, { _id: false })], default: [] },
    // Moved by each save: an editor's save on an older version loses (409).
    version: { type: Number, default: 0 },
    saved_at: Date,
    saved_by: String,
  },
  STAMPED,
);

export type ChecklistTemplateDoc = InferSchemaType<typeof templateSchema> & Stamped;
// Visit lists follow the templates of visits not started yet (lib/versioned-cache.ts).
trackWriteVersion(templateSchema, 'checklists');
export const ChecklistTemplate = mongoose.model('ChecklistTemplate', templateSchema);
