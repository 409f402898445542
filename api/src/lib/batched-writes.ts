// Bulk writes a batch at a time (the backfills of derived fields): each batch is one write, so a
// collection's write version (models/write-version.ts) moves once per batch, not once per record, and
// the kept lists reading it are not rebuilt for the whole length of a backfill.
import type mongoose from 'mongoose';

const BATCH = 500;

/** `write` sends one batch and says how many it counts as written. */
export function batchedWrites(write: (ops: mongoose.AnyBulkWriteOperation[]) => Promise<number>) {
  let ops: mongoose.AnyBulkWriteOperation[] = [];
  let written = 0;
  const flush = async () => {
    if (ops.length) written += await write(ops);
    ops = [];
  };
  return {
    async add(op: mongoose.AnyBulkWriteOperation): Promise<void> {
      ops.push(op);
      if (ops.length >= BATCH) await flush();
    },
    /** Writes what is left; the total written. */
    async done(): Promise<number> {
      await flush();
      return written;
    },
  };
}
