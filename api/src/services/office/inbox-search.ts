// The inbox's search: words of the sender (name, e-mail, phone) and of what they wrote, kept on each
// record (models/inbox-fields.ts), found by the start of each word through an index, where a
// case-insensitive pattern over every field read every message, enquiry and application.
import mongoose from 'mongoose';
import { INBOX_SEARCHED, inboxSearchKeys } from '../../models/inbox-fields';
import { CareerApplication } from '../../models/CareerApplication';
import { ContactMessage } from '../../models/ContactMessage';
import { Enquiry } from '../../models/Enquiry';
import { batchedWrites } from '../../lib/batched-writes';
import { markMigrationDone, migrationDone } from '../../models/migrations';

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every word of `q` as the start of one of the record's words, case aside ("WINDOWS" finds "Do you
 * clean windows?"), the one most likely rare first (with digits, else the longest): the engine plans
 * on the first, and mongoose writes `$and` before the other keys. Undefined: `q` has no word.
 */
export function inboxSearchFilter(q: string): Record<string, unknown> | undefined {
  const words = inboxSearchKeys({ name: q }, []).sort((a, b) => Number(/\d/.test(b)) - Number(/\d/.test(a)) || b.length - a.length);
  if (!words.length) return undefined;
  return { $and: words.map((w) => ({ search_keys: new RegExp(`^${escapeRegex(w)}`) })) };
}

export const INBOX_SEARCH_MARKER = 'inbox-search-keys';

/**
 * Gives every record stored before the search words existed (or written straight to the collection)
 * theirs, once (a marker skips it later); with `all`, recomputes every record's and corrects those
 * that differ (`npm run office -- recount`).
 */
export async function backfillInboxSearchKeys(opts: { all?: boolean; } = {}): Promise<number> {
  if (!opts.all && (await migrationDone(INBOX_SEARCH_MARKER))) return 0;
  const models = [
    [ContactMessage, INBOX_SEARCHED.contact],
    [Enquiry, INBOX_SEARCHED.enquiry],
    [CareerApplication, INBOX_SEARCHED.career],
  ] as unknown as [mongoose.Model<Record<string, unknown>>, readonly string[]][];
  let written = 0;
  let records = 0;
  for (const [model, fields] of models) {
    records += await model.estimatedDocumentCount();
    const projection = Object.fromEntries(['name', 'email', 'phone', 'search_keys', ...fields].map((f) => [f, 1]));
    // A batch per write (the inbox's version moves once per batch, not per record: one write per record
    // kept the inbox's lists rebuilding for minutes at 50k customers).
    const batches = batchedWrites(async (ops) => (await model.bulkWrite(ops as never, { ordered: false }), ops.length));
    for await (const d of model.find(opts.all ? {} : { search_keys: null }, projection).lean().cursor({ batchSize: 500 })) {
      const keys = inboxSearchKeys(d, fields);
      if (JSON.stringify(keys) === JSON.stringify(d.search_keys)) continue;
      // A derived field: the record is not "updated" by it.
      await batches.add({ updateOne: { filter: { _id: d._id }, update: { $set: { search_keys: keys } }, timestamps: false } });
    }
    written += await batches.done();
  }
  // Not marked done on an empty database: records copied in later still get their words.
  if (records > 0) await markMigrationDone(INBOX_SEARCH_MARKER);
  return written;
}
