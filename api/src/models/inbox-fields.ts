import { Schema } from 'mongoose';
import { trackWriteVersion } from './write-version';

export const INBOX_STATUS_VALUES = ['new', 'handled'] as const;

/**
 * What the office's inbox adds to a contact message, an enquiry and a job application: whether it has
 * been dealt with, by whom and when, and the office's own note. Records from before the inbox have no
 * status and count as new.
 */
export const inboxFields = {
  status: { type: String, enum: INBOX_STATUS_VALUES, default: 'new' },
  note: String,
  handled_at: Date,
  handled_by: { type: Schema.Types.ObjectId, ref: 'Employee' },
  // When someone in the office first opened it: the menu's badge counts the new items nobody has opened.
  opened_at: Date,
};

/**
 * The inbox's lists, newest first, all or of one status, and its counts of new items (the office
 * menu, the figures) decided by the index alone: `status: { $in: [null, 'new'] }`.
 */
export function indexInbox(schema: Schema): void {
  schema.index({ created_at: -1 });
  schema.index({ status: 1, created_at: -1 });
  // The office figures keep the new items' counts until an inbox record changes.
  trackWriteVersion(schema, 'inbox');
  schema.index({ status: 1, opened_at: 1 });
}
