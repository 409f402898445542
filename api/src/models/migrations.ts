// One-off start-up migrations: a document per migration in `migrations` makes later starts skip it.
// done_at is bookkeeping of when it ran (like created_at, real time): no rule reads it, so it is not
// taken from the server's clock (clock.ts).
import mongoose from 'mongoose';

const migrations = () => mongoose.connection.db!.collection<{ _id: string; done_at: Date }>('migrations');

/** Whether the migration `id` has run over this database. */
export async function migrationDone(id: string): Promise<boolean> {
  return (await migrations().findOne({ _id: id })) !== null;
}

/** Records that the migration `id` has run. */
export async function markMigrationDone(id: string): Promise<void> {
  await migrations().updateOne({ _id: id }, { $set: { done_at: new Date() } }, { upsert: true });
}
