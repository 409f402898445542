// A collection's write version: one counter document per collection in `write_versions`, moved by every
// write made through its model (on every instance, after the write). A reader that derives a costly
// answer from the collection (the office figures) keeps it while the version has not moved, so a
// reload costs one point read instead of counting a year of keys.
// Writes that bypass the model (`Model.collection.*`, a hand edit of the database) do not move it: the
// figures then catch up at their next expiry, or at once after `npm run office -- recount`.
import mongoose, { type Schema } from 'mongoose';

const versions = () => mongoose.connection.db!.collection<{ _id: string; v: number; }>('write_versions');

// A counter starts at a random point, not at 0: two databases (a backup restored, another company's
// data, each test's own) then never show the same version, so an answer kept for one is never given for
// the other. 2^50 leaves room for 2^3 writes a second for 10^7 years below 2^53.
const randomStart = () => Math.floor(Math.random() * 2 ** 40) * 1024;

/** Creates the counters of `names` that do not exist yet, each at its random start. */
async function createCounters(names: string[]): Promise<void> {
  for (const name of names) {
    await versions()
      .updateOne({ _id: name }, { $setOnInsert: { v: randomStart() } }, { upsert: true })
      // Another instance created it between our read and this upsert: theirs stands.
      .catch((e: { code?: number; }) => {
        if (e?.code !== 11000) throw e;
      });
  }
}

/** Moves `name`'s version by one. */
export async function bumpWriteVersion(name: string): Promise<void> {
  const moved = await versions().updateOne({ _id: name }, { $inc: { v: 1 } });
  if (moved.matchedCount) return;
  await createCounters([name]);
  await versions().updateOne({ _id: name }, { $inc: { v: 1 } });
}

/** The versions of `names` now, in one read (two before the collection's first use). */
export async function writeVersions<N extends string>(...names: N[]): Promise<Record<N, number>> {
  let docs = await versions().find({ _id: { $in: names } }).toArray();
  if (docs.length < new Set(names).size) {
    await createCounters(names.filter((n) => !docs.some((d) => d._id === n)));
    docs = await versions().find({ _id: { $in: names } }).toArray();
  }
  // In the order asked: a caller may join the values into one key.
  const byName = new Map(docs.map((d) => [d._id, d.v]));
  return Object.fromEntries(names.map((n) => [n, byName.get(n) ?? 0])) as Record<N, number>;
}

const QUERY_WRITES = ['updateOne', 'updateMany', 'findOneAndUpdate', 'findOneAndDelete', 'findOneAndReplace', 'replaceOne', 'deleteOne', 'deleteMany'] as const;

/** Every write through the schema's model moves `name`'s version once it is done (before the caller continues). */
export function trackWriteVersion(schema: Schema, name: string): void {
  const bump = () => bumpWriteVersion(name);
  // An update or delete that changed nothing (a conditional write that lost, a no-op) leaves it: an accept
  // made ~20 such writes, each a round trip to the database.
  const bumpIfChanged = (res: unknown) => {
    const r = res as { modifiedCount?: number; upsertedCount?: number; deletedCount?: number; } | null;
    if (r && typeof r === 'object' && ('modifiedCount' in r || 'deletedCount' in r) && !r.modifiedCount && !r.upsertedCount && !r.deletedCount) return;
    return bump();
  };
  schema.post('save', bump);
  for (const op of QUERY_WRITES) schema.post(op, op.startsWith('findOne') ? bump : bumpIfChanged);
  schema.post('deleteOne', { document: true, query: false }, bump);
  schema.post('insertMany', bump);
  schema.post('bulkWrite', bump);
}
