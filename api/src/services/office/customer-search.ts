// The office's search of customers (the customers list, and the board by customer): words of the
// name, e-mail and phone kept on each customer (models/User.ts), found by the start of each word.
import mongoose from 'mongoose';
import { User, customerSearchKeys } from '../../models/User';

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The customers whose words (name, e-mail, phone: `search_keys`) include one starting with each word of
 * `q`, case aside: "smi" finds Jo Smith, "07700 9001" a phone, "jo@ex" an e-mail. Each word is a key
 * range of the words' index; the one most likely rare (with digits, else the longest) finds the
 * candidates, the others are tested on them.
 */
export function customerSearchFilter(q: string): Record<string, unknown> {
  const words = [...new Set(customerSearchKeys({ name: q }))].sort((a, b) => Number(/\d/.test(b)) - Number(/\d/.test(a)) || b.length - a.length);
  if (!words.length) return { search_keys: { $in: [] } };
  const starts = (w: string) => ({ search_keys: new RegExp(`^${escapeRegex(w)}`) });
  return { ...starts(words[0]), ...(words.length > 1 ? { $and: words.slice(1).map(starts) } : {}) };
}

export const SEARCH_KEYS_MARKER = 'users-search-keys';

/**
 * Gives every customer stored before the search words existed theirs (once: a marker skips it later),
 * or with `all`, recomputes every customer's and corrects those that differ (`npm run office -- recount`).
 */
export async function backfillSearchKeys(opts: { all?: boolean } = {}): Promise<number> {
  const migrations = mongoose.connection.db!.collection<{ _id: string; done_at: Date }>('migrations');
  if (!opts.all && (await migrations.findOne({ _id: SEARCH_KEYS_MARKER }))) return 0;
  let written = 0;
  for await (const u of User.find(opts.all ? {} : { search_keys: null }, { name: 1, email: 1, phone: 1, search_keys: 1 }).lean().cursor({ batchSize: 500 })) {
    const keys = customerSearchKeys(u);
    if (JSON.stringify(keys) === JSON.stringify(u.search_keys)) continue;
    // A derived field: the customer's record is not "updated" by it.
    await User.updateOne({ _id: u._id, name: u.name, phone: u.phone ?? null }, { $set: { search_keys: keys } }, { timestamps: false });
    written++;
  }
  // Not marked done on an empty database: customers copied in later still get their words.
  if ((await User.estimatedDocumentCount()) > 0) await migrations.updateOne({ _id: SEARCH_KEYS_MARKER }, { $set: { done_at: new Date() } }, { upsert: true });
  return written;
}
