// One-off start-up migrations: a document per migration in `migrations` makes later starts skip it, and
// while one runs, the same document keeps how far it got (the last record handled, how many, what it
// changed), so a restart after a kill goes on from there. done_at and started_at are bookkeeping of when
// it ran (like created_at, real time): no rule reads them, so they are not taken from the server's clock.
import { serverClock } from '../clock';
import mongoose from 'mongoose';

export interface MigrationRecord {
  _id: string;
  done_at?: Date | null;
  started_at?: Date;
  /** The last record handled (its _id as text); the next batch starts after it. */
  after?: string | null;
  /** Records looked at so far, and the number there were when it started. */
  seen?: number;
  size?: number;
  /** What it changed so far, by kind (plans_active, visits, jobs…). */
  changes?: Record<string, number>;
}

const migrations = () => mongoose.connection.db!.collection<MigrationRecord>('migrations');

/** Whether the migration `id` has run over this database. */
export async function migrationDone(id: string): Promise<boolean> {
  return (await migrations().findOne({ _id: id, done_at: { $ne: null } }, { projection: { _id: 1 } })) !== null;
}

/** Records that the migration `id` has run. */
export async function markMigrationDone(id: string): Promise<void> {
  await migrations().updateOne({ _id: id }, { $set: { done_at: serverClock.now() } }, { upsert: true });
}

/** The records of these migrations (done or in progress), by id. */
export async function migrationRecords(ids: string[]): Promise<Map<string, MigrationRecord>> {
  const docs = await migrations().find({ _id: { $in: ids } }).toArray();
  return new Map(docs.map((d) => [d._id, d]));
}

/** Where a migration got to: written after each batch's own writes, so a batch is redone at most once. */
export async function saveMigrationProgress(id: string, at: { after: string; seen: number; size: number; changes: Record<string, number>; }): Promise<void> {
  await migrations().updateOne({ _id: id }, { $set: { ...at }, $setOnInsert: { started_at: serverClock.now(), done_at: null } }, { upsert: true });
}
