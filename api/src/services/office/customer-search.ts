// The office's search of customers (the customers list, and the board by customer): words of the
// name, e-mail and phone kept on each customer (models/User.ts), found by the start of each word.
import { User, customerSearchKeys } from '../../models/User';
import { batchedWrites } from '../../lib/batched-writes';
import { markMigrationDone, migrationDone } from '../../models/migrations';

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const starts = (w: string) => ({ search_keys: new RegExp(`^${escapeRegex(w)}`) });

/** Each word of a search looked for at most this many times when choosing the rarest (a capped count): past 100 a word is broad and its rank barely matters, while each probed key costs (1 000 made a narrow search ~3x dearer). */
const WORD_PROBE_MAX = 100;

/** The words of `q` as the customers' words are kept (lowercase), the one most likely rare first: with digits, else the longest. */
export function searchWords(q: string): string[] {
  return [...new Set(customerSearchKeys({ name: q }))].sort((a, b) => Number(/\d/.test(b)) - Number(/\d/.test(a)) || b.length - a.length);
}

/**
 * The customers whose words (name, e-mail, phone: `search_keys`) include one starting with each word of
 * `q`, case aside: "smi" finds Jo Smith, "07700 9001" a phone, "jo@ex" an e-mail. Each word is a key
 * range of the words' index. All are in one `$and`, the rarest first: the engine plans on the first
 * condition it meets for a field, and mongoose writes `$and` before the other keys, so a word left
 * beside the `$and` was never the one planned on ("customer 4200" read every customer).
 */
export function customerSearchFilter(q: string, words = searchWords(q)): Record<string, unknown> {
  if (!words.length) return { search_keys: { $in: [] } };
  // One word alone stays a top-level range: the index then decides it (no customer read to count).
  return words.length === 1 ? starts(words[0]) : { $and: words.map(starts) };
}

/**
 * The search's filter with its rarest word first, by a capped count of each word's range (at most
 * WORD_PROBE_MAX keys each, from the index): "customer 4200" is planned on "4200", "customer zzz" on
 * "zzz". `none`: a word no customer has, so nothing matches (no further query needed).
 */
export async function customerSearch(q: string): Promise<{ filter: Record<string, unknown>; none: boolean; }> {
  const words = searchWords(q);
  if (words.length < 2) return { filter: customerSearchFilter(q, words), none: !words.length };
  const counts = await Promise.all(words.map((w) => User.countDocuments(starts(w), { limit: WORD_PROBE_MAX + 1 })));
  const order = words.map((w, i) => [w, counts[i]] as const).sort((a, b) => a[1] - b[1]);
  return { filter: customerSearchFilter(q, order.map(([w]) => w)), none: order[0][1] === 0 };
}

export const SEARCH_KEYS_MARKER = 'users-search-keys';

/**
 * Gives every customer stored before the search words existed theirs (once: a marker skips it later),
 * or with `all`, recomputes every customer's and corrects those that differ (`npm run office -- recount`).
 */
export async function backfillSearchKeys(opts: { all?: boolean; } = {}): Promise<number> {
  if (!opts.all && (await migrationDone(SEARCH_KEYS_MARKER))) return 0;
  // A batch per write: the users' version (the kept customer lists) moves once per batch, not per customer.
  const batches = batchedWrites(async (ops) => (await User.bulkWrite(ops as never, { ordered: false }), ops.length));
  for await (const u of User.find(opts.all ? {} : { search_keys: null }, { name: 1, email: 1, phone: 1, search_keys: 1 }).lean().cursor({ batchSize: 500 })) {
    const keys = customerSearchKeys(u);
    if (JSON.stringify(keys) === JSON.stringify(u.search_keys)) continue;
    // A derived field: the customer's record is not "updated" by it (only while the name and phone it came from hold).
    await batches.add({
      updateOne: { filter: { _id: u._id, name: u.name, phone: u.phone ?? null }, update: { $set: { search_keys: keys } }, timestamps: false },
    });
  }
  const written = await batches.done();
  // Not marked done on an empty database: customers copied in later still get their words.
  if ((await User.estimatedDocumentCount()) > 0) await markMigrationDone(SEARCH_KEYS_MARKER);
  return written;
}
