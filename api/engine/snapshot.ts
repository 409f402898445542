// Snapshot generations on disk: file names, the records a snapshot holds, and a new snapshot written
// in short slices between commands, then fsynced and renamed into place (store.ts drives it).
import fs from 'node:fs';
import path from 'node:path';
import type { Collection } from './collection.js';
import { docsRecord, frame, syncDir } from './journal.js';
import { openPrivate } from './modes.js';

export const SNAPSHOT = 'snapshot.bson';
export const journalName = (gen: number) => `journal.${gen}.bson`;
/** Small batches: each is one record to encode, so one slice of the incremental compaction stays short. */
const SNAPSHOT_BATCH_BYTES = 1 << 20;

/** The journal generations in the data directory, oldest first. */
export function journalGens(dataDir: string): number[] {
  return fs
    .readdirSync(dataDir)
    .map((f) => /^journal\.(\d+)\.bson$/.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);
}

/** A snapshot being written in slices between commands. */
export interface Compaction {
  gen: number;
  fd: number;
  tmp: string;
  frames: Generator<Buffer>;
  done: Promise<void>;
  finish: () => void;
}

/** Opens the temporary file of snapshot generation `gen`, to be filled with `frames`. */
export function beginSnapshot(dataDir: string, gen: number, frames: Generator<Buffer>): Compaction {
  const tmp = path.join(dataDir, SNAPSHOT + '.tmp');
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { gen, fd: openPrivate(tmp, 'w'), tmp, frames, done, finish };
}

/** Writes frames until `until` (a performance.now() time); true once every frame is written. */
export function writeSlice(c: Compaction, until: number): boolean {
  let pending: Buffer[] = [];
  let bytes = 0;
  let finished = false;
  while (performance.now() < until) {
    const r = c.frames.next();
    if (r.done) {
      finished = true;
      break;
    }
    pending.push(r.value);
    bytes += r.value.length;
    if (bytes > 4 << 20) {
      writeAll(c.fd, Buffer.concat(pending));
      pending = [];
      bytes = 0;
    }
  }
  if (pending.length) writeAll(c.fd, Buffer.concat(pending));
  return finished;
}

/** The written snapshot reaches the disk and replaces the previous one. */
export function installSnapshot(c: Compaction, dataDir: string): void {
  fs.fsyncSync(c.fd);
  fs.closeSync(c.fd);
  fs.renameSync(c.tmp, path.join(dataDir, SNAPSHOT));
  syncDir(dataDir);
}

/** Drops an unfinished snapshot: the previous snapshot and the journals still hold everything. */
export function discardSnapshot(c: Compaction): void {
  try {
    fs.closeSync(c.fd);
  } catch {
    // already closed
  }
  fs.rmSync(c.tmp, { force: true });
  c.finish();
}

/** The records of snapshot generation `gen`: header, then per collection its indexes and documents. */
export function* snapshotRecords(collections: Iterable<Collection>, gen: number): Generator<Buffer> {
  yield frame({ o: 'hdr', gen });
  for (const c of collections) {
    yield frame({ o: 'coll', ns: c.ns });
    for (const ix of c.indexes.values()) yield frame({ o: 'ix', ns: c.ns, spec: ix.spec });
    // Documents go in batches: far fewer records (and checksums) to read at start-up.
    let batch: Uint8Array[] = [];
    let bytes = 0;
    for (const e of c.docs.values()) {
      // A large document stays in its blob segment: the snapshot names its place.
      if (e.blob) {
        yield frame({ o: 'pref', ns: c.ns, s: e.blob.stub, r: e.blob.ref });
        continue;
      }
      const doc = e.bytes!;
      if (batch.length && bytes + doc.length > SNAPSHOT_BATCH_BYTES) {
        yield frame(docsRecord(c.ns, batch));
        batch = [];
        bytes = 0;
      }
      batch.push(doc);
      bytes += doc.length;
    }
    if (batch.length) yield frame(docsRecord(c.ns, batch));
  }
}

function writeAll(fd: number, b: Buffer): void {
  let off = 0;
  while (off < b.length) off += fs.writeSync(fd, b, off, b.length - off);
}
