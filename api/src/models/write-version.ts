// A collection's write version: one counter document per collection in `write_versions`, moved by every
// write made through its model (on every instance, after the write). A reader that derives a costly
// answer from the collection (the office figures) keeps it while the version has not moved, so a
// reload costs one point read instead of counting a year of keys.
// Writes that bypass the model (`Model.collection.*`, a hand edit of the database) do not move it: the
// figures then catch up at their next expiry, or at once after `npm run office -- recount`.
import mongoose, { type Schema } from 'mongoose';

const versions = () => mongoose.connection.db!.collection<{ _id: string; v: number; }>('write_versions');

/** Moves `name`'s version by one. */
export async function bumpWriteVersion(name: string): Promise<void> {
  await versions().updateOne({ _id: name }, { $inc: { v: 1 } }, { upsert: true });
}

/** The versions of `names` now (0 before a first write), in one read. */
export async function writeVersions<N extends string>(...names: N[]): Promise<Record<N, number>> {
  const docs = await versions().find({ _id: { $in: names } }).toArray();
  const out = Object.fromEntries(names.map((n) => [n, 0])) as Record<N, number>;
  for (const d of docs) out[d._id as N] = d.v;
  return out;
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
