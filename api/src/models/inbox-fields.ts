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
  // Words of the sender and of what they wrote (inboxSearchKeys): the office's search finds each word it
  // is given as the start of one of these, through an index. Not read back unless asked for.
  search_keys: { type: [String], default: undefined, select: false },
};

/** Each kind's own fields searched besides the sender's name, e-mail and phone. */
export const INBOX_SEARCHED = {
  contact: ['message'],
  enquiry: ['service', 'postcode', 'location', 'details'],
  career: ['position', 'message'],
  reclean: ['reference', 'cleaner', 'comment'],
} as const;

/** At most this many words of one record are kept for the search (a long message's first ones). */
const INBOX_WORDS_MAX = 200;

/** The words an inbox record is found by: of the name, e-mail (and the whole address), phone (and its digits) and `fields`. */
export function inboxSearchKeys(d: Record<string, unknown>, fields: readonly string[]): string[] {
  const words = (t: unknown) => (typeof t === 'string' ? t.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean) : []);
  const email = typeof d.email === 'string' ? d.email.toLowerCase() : '';
  const digits = typeof d.phone === 'string' ? d.phone.replace(/\D+/g, '') : '';
  const all = [
    ...words(d.name),
    ...words(d.email),
    ...(email ? [email] : []),
    ...words(d.phone),
    ...(digits ? [digits] : []),
    ...fields.flatMap((f) => words(d[f])),
  ];
  return [...new Set(all)].slice(0, INBOX_WORDS_MAX);
}

/**
 * The inbox's lists, newest first, all or of one status, and its counts of new items (the office
 * menu, the figures) decided by the index alone: `status: { $in: [null, 'new'] }`.
 */
export function indexInbox(schema: Schema, searched: readonly string[]): void {
  schema.index({ created_at: -1 });
  schema.index({ status: 1, created_at: -1 });
  // The office figures keep the new items' counts until an inbox record changes.
  trackWriteVersion(schema, 'inbox');
  schema.index({ status: 1, opened_at: 1 });
  schema.index({ search_keys: 1 });
  schema.pre('save', function() {
    this.set('search_keys', inboxSearchKeys(this.toObject() as Record<string, unknown>, searched));
  });
}
