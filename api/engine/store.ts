// The catalog (databases → collections) and its persistence: snapshot + journal replay at start-up,
// journaling of every change, compaction into a new snapshot generation.
import fs from 'node:fs';
import path from 'node:path';
import type { Document } from 'bson';
import { BlobStore } from './blobs.js';
import { Collection } from './collection.js';
import { DEFAULT_READ_CHUNK, type JournalRecord, JournalWriter, readRecords } from './journal.js';
import { KEY_FILE, keyFileMatches, loadKeyFile, writeKeyFile } from './keyfile.js';
import { acquireLock } from './lock.js';
import { privateDir } from './modes.js';
import { applyRecord, splitNs } from './replay.js';
import { drive, type Steps } from './slices.js';
import {
  beginSnapshot,
  type Compaction,
  discardSnapshot,
  installSnapshot,
  journalGens,
  journalName,
  SNAPSHOT,
  snapshotRecords,
  writeSlice,
} from './snapshot.js';

/** Compact when the journal grows past this (after start-up a smaller size is enough to be worth it). */
const COMPACT_RUNTIME_BYTES = 64 << 20;
const COMPACT_STARTUP_BYTES = 16 << 20;
/** Time a compaction slice may take before other commands get their turn. */
const COMPACT_SLICE_MS = 4;

export interface StoreOptions {
  /** Size of one read at start-up (tests lower it to force the multi-part path). */
  readChunkBytes?: number;
}

export class Store {
  readonly dbs = new Map<string, Map<string, Collection>>();
  private pending: JournalRecord[] = [];
  private replaying = false;
  private journal?: JournalWriter;
  private gen = 0;
  private release?: () => void;
  private compaction?: Compaction;
  private readonly chunk: number;
  private blobs?: BlobStore;
  /** Sees every commit's records after the journal got them (backup.ts copies them for point-in-time restores). */
  tee?: (records: JournalRecord[]) => void;

  constructor(
    readonly dataDir: string,
    opts: StoreOptions = {},
  ) {
    const env = Number(process.env.ENGINE_READ_CHUNK_BYTES);
    this.chunk = opts.readChunkBytes ?? (env > 0 ? env : DEFAULT_READ_CHUNK);
  }

  open(): void {
    privateDir(this.dataDir);
    this.release = acquireLock(this.dataDir);
    try {
      this.load();
    } catch (e) {
      this.blobs?.close();
      this.release();
      throw e;
    }
  }

  private load(): void {
    this.blobs = new BlobStore(this.dataDir);
    this.blobs.replaying = true;
    this.replaying = true;
    // A clean close left every index's keys: the replay then builds no index, they are read after it.
    this.keyPlan = keyFileMatches(this.dataDir);
    const snap = path.join(this.dataDir, SNAPSHOT);
    if (fs.existsSync(snap)) {
      const { validEnd, size } = readRecords(snap, (r) => this.apply(r), this.chunk);
      if (validEnd !== size) throw new Error(`Snapshot ${snap} is damaged at byte ${validEnd}`);
    }
    let journalBytes = 0;
    for (const gen of journalGens(this.dataDir)) {
      const file = path.join(this.dataDir, journalName(gen));
      if (gen < this.gen) {
        fs.rmSync(file, { force: true }); // already folded into the snapshot
        continue;
      }
      const { validEnd, size } = readRecords(file, (r) => this.apply(r), this.chunk);
      // A torn last record (killed mid-write) was never acknowledged: cut it off.
      if (validEnd < size) fs.truncateSync(file, validEnd);
      journalBytes += validEnd;
      this.gen = Math.max(this.gen, gen);
    }
    this.replaying = false;
    if (this.keyPlan) this.keysLoaded = loadKeyFile(this.dataDir, (ns) => this.collection(...splitNs(ns)));
    else fs.rmSync(path.join(this.dataDir, KEY_FILE), { force: true }); // stale: not of these files
    this.keyPlan = false;
    for (const colls of this.dbs.values()) for (const c of colls.values()) c.startDeferredIndexes();
    this.blobs.replaying = false;
    this.blobs.sweep();
    this.pending = [];
    this.journal = new JournalWriter(path.join(this.dataDir, journalName(this.gen)));
    // Serve first: a long journal is folded into a snapshot in the background, not before start-up.
    if (journalBytes > COMPACT_STARTUP_BYTES) setImmediate(() => this.startCompaction());
    setImmediate(() => this.prepareIndexes());
  }

  /** Fills the indexes start-up deferred, then sorts every index's keys, in slices after start-up, so no
   * first query does it holding the thread (a query that needs one sooner finishes it at once). */
  private prepareIndexes(): void {
    const dbs = this.dbs;
    const steps = (function*(): Steps<void> {
      const colls = () => [...dbs.values()].flatMap((cs) => [...cs.values()]);
      for (const c of colls()) yield* c.fillDeferred();
      for (const c of colls()) for (const ix of c.indexes.values()) yield* ix.prepare();
    })();
    const startedAt = performance.now();
    const run = drive(steps, () => {
      if (this.closed) throw new Error('closed');
    });
    const done = () => (this.indexesReadyMs = performance.now() - startedAt);
    if (run instanceof Promise) run.then(done, () => undefined);
    else done();
  }

  /** Large documents' segments (backup.ts reads them to copy a record whole). */
  get blobStore(): BlobStore | undefined {
    return this.blobs;
  }

  /** Time the background index work after start-up took (serverStatus reports it; undefined until done). */
  indexesReadyMs?: number;
  /** Whether the replay defers every index to the key file (keyfile.ts), and how many it gave. */
  private keyPlan = false;
  keysLoaded = 0;

  /** Applies one snapshot/journal record to the in-memory state. */
  private apply(r: Document): void {
    const gen = applyRecord(this, r);
    if (gen !== undefined) this.gen = gen;
  }

  private sink = (record: JournalRecord): void => {
    if (!this.replaying) this.pending.push(record);
  };

  collection(db: string, name: string, create = false): Collection | undefined {
    let colls = this.dbs.get(db);
    if (!colls) {
      if (!create) return undefined;
      this.dbs.set(db, colls = new Map());
    }
    let c = colls.get(name);
    if (!c && create) {
      c = new Collection(db, name, this.sink, this.blobs);
      // While replaying, non-unique indexes are filled after the documents are in (in the background).
      c.deferIndexes = this.replaying;
      c.deferAll = this.replaying && this.keyPlan;
      colls.set(name, c);
      this.sink({ o: 'coll', ns: c.ns });
    }
    return c;
  }

  dropCollection(db: string, name: string): boolean {
    const colls = this.dbs.get(db);
    colls?.get(name)?.release();
    if (!colls?.delete(name)) return false;
    if (colls.size === 0) this.dbs.delete(db);
    this.sink({ o: 'drop', ns: `${db}.${name}` });
    return true;
  }

  dropDatabase(db: string): void {
    for (const c of this.dbs.get(db)?.values() ?? []) c.release();
    if (this.dbs.delete(db)) this.sink({ o: 'dropdb', db });
  }

  /** True while some change is not yet handed to the journal (a reply must then wait for commit). */
  get hasPendingChanges(): boolean {
    return this.pending.length > 0;
  }

  /** Called once per command before replying: the command's changes reach the OS in one write. */
  commit(journalSync: boolean): void {
    if (!this.journal) return;
    if (this.pending.length) {
      const recs = this.pending;
      this.pending = [];
      this.journal.append(recs);
      this.tee?.(recs);
    }
    // A large document's bytes are in their blob segment before the journal names them.
    if (journalSync) {
      this.blobs?.syncNow();
      this.journal.syncNow();
    }
    this.blobs?.afterCommit();
    if (this.journal.bytes > COMPACT_RUNTIME_BYTES) this.startCompaction();
  }

  /** True while a snapshot is being written in the background. */
  get compacting(): boolean {
    return this.compaction !== undefined;
  }

  /**
   * Starts writing snapshot generation N+1 in short slices between commands; changes from now on go to
   * an empty journal N+1. The snapshot may catch some of those changes too (documents are read as the
   * slices reach them): replaying journal N+1 over it still gives the right state, since every journal
   * record (put by _id, delete by _id, drop, index create/drop) ends in the same state when applied
   * again. Until the new snapshot is renamed into place, the old snapshot + journals N and N+1 stay the
   * state on disk. Resolves when the snapshot is in place.
   */
  startCompaction(): Promise<void> {
    if (this.compaction) return this.compaction.done;
    if (!this.journal) return Promise.resolve();
    if (this.pending.length) {
      const recs = this.pending.splice(0);
      this.journal.append(recs);
      this.tee?.(recs);
    }
    const next = this.gen + 1;
    this.journal.close();
    this.gen = next;
    this.journal = new JournalWriter(path.join(this.dataDir, journalName(next)));
    this.compaction = beginSnapshot(this.dataDir, next, snapshotRecords(this.collections(), next));
    setImmediate(() => this.compactSlice());
    return this.compaction.done;
  }

  private compactSlice(): void {
    const c = this.compaction;
    if (!c) return;
    const until = performance.now() + COMPACT_SLICE_MS;
    try {
      if (!writeSlice(c, until)) {
        setImmediate(() => this.compactSlice());
        return;
      }
      installSnapshot(c, this.dataDir);
      this.compaction = undefined;
      for (const g of journalGens(this.dataDir)) if (g < c.gen) fs.rmSync(path.join(this.dataDir, journalName(g)), { force: true });
    } catch (e) {
      // The previous snapshot and the journals still hold everything: give up this attempt.
      console.error('[engine] compaction failed:', (e as Error).message);
      this.abandonCompaction();
    }
    c.finish();
  }

  private abandonCompaction(): void {
    const c = this.compaction;
    if (!c) return;
    this.compaction = undefined;
    discardSnapshot(c);
  }

  /** Every collection, read lazily: one created while a snapshot is written is reached too. */
  private *collections(): Generator<Collection> {
    for (const colls of this.dbs.values()) yield* colls.values();
  }

  /** How long close() took to write the index key file. */
  keysWrittenMs?: number;

  /** Set by close(): a command paused between slices stops instead of writing on. */
  closed = false;

  close(): void {
    this.closed = true;
    // An unfinished snapshot is dropped: the old snapshot and both journals still hold everything.
    this.abandonCompaction();
    this.commit(false);
    const wasOpen = this.journal !== undefined;
    this.journal?.close();
    this.journal = undefined;
    // Nothing changes any more: the indexes' keys go beside the files, for a fast next start.
    if (wasOpen) {
      try {
        const t0 = performance.now();
        writeKeyFile(this.dataDir, [...this.dbs.values()].flatMap((cs) => [...cs.values()]));
        this.keysWrittenMs = performance.now() - t0;
      } catch (e) {
        console.error('[engine] index key file not written:', (e as Error).message);
      }
    }
    this.blobs?.close();
    this.blobs = undefined;
    this.release?.();
    this.release = undefined;
  }
}
