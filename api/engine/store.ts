// The catalog (databases → collections) and its persistence: snapshot + journal replay at start-up,
// journaling of every change, compaction into a new snapshot generation.
import fs from 'node:fs';
import path from 'node:path';
import { calculateObjectSize, type Document } from 'bson';
import { Collection } from './collection.js';
import type { IndexSpec } from './indexes.js';
import { frame, JournalWriter, readRecords, writeAtomically } from './journal.js';
import { acquireLock } from './lock.js';
import type { Doc } from './values.js';

const SNAPSHOT = 'snapshot.bson';
const journalName = (gen: number) => `journal.${gen}.bson`;
/** Compact when the journal grows past this (at start-up a smaller size is enough to be worth it). */
const COMPACT_RUNTIME_BYTES = 64 << 20;
const COMPACT_STARTUP_BYTES = 16 << 20;
/** Below the 16 MiB BSON document limit even for one maximal document plus the wrapper. */
const SNAPSHOT_BATCH_BYTES = 4 << 20;

export class Store {
  readonly dbs = new Map<string, Map<string, Collection>>();
  private pending: Doc[] = [];
  private replaying = false;
  private journal?: JournalWriter;
  private gen = 0;
  private release?: () => void;

  constructor(readonly dataDir: string) {}

  open(): void {
    fs.mkdirSync(this.dataDir, { recursive: true });
    this.release = acquireLock(this.dataDir);
    try {
      this.load();
    } catch (e) {
      this.release();
      throw e;
    }
  }

  private load(): void {
    this.replaying = true;
    const snap = path.join(this.dataDir, SNAPSHOT);
    if (fs.existsSync(snap)) {
      const { validEnd, size } = readRecords(snap, (r) => this.apply(r));
      if (validEnd !== size) throw new Error(`Snapshot ${snap} is damaged at byte ${validEnd}`);
    }
    let journalBytes = 0;
    for (const gen of this.journalGens()) {
      const file = path.join(this.dataDir, journalName(gen));
      if (gen < this.gen) {
        fs.rmSync(file, { force: true }); // already folded into the snapshot
        continue;
      }
      const { validEnd, size } = readRecords(file, (r) => this.apply(r));
      // A torn last record (killed mid-write) was never acknowledged: cut it off.
      if (validEnd < size) fs.truncateSync(file, validEnd);
      journalBytes += validEnd;
      this.gen = Math.max(this.gen, gen);
    }
    this.replaying = false;
    this.pending = [];
    if (journalBytes > COMPACT_STARTUP_BYTES) this.compact();
    else this.journal = new JournalWriter(path.join(this.dataDir, journalName(this.gen)));
  }

  private journalGens(): number[] {
    return fs
      .readdirSync(this.dataDir)
      .map((f) => /^journal\.(\d+)\.bson$/.exec(f))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);
  }

  /** Applies one snapshot/journal record to the in-memory state. */
  private apply(r: Document): void {
    const [db, coll] = splitNs(String(r.ns ?? ''));
    switch (r.o) {
      case 'hdr':
        this.gen = Number(r.gen);
        break;
      case 'coll':
        this.collection(db, coll, true);
        break;
      case 'put':
        this.collection(db, coll, true)!.put(r.d as Doc);
        break;
      case 'docs': {
        const c = this.collection(db, coll, true)!;
        for (const d of r.docs as Doc[]) c.put(d);
        break;
      }
      case 'del':
        this.collection(db, coll)?.removeById(r.id);
        break;
      case 'ix':
        this.collection(db, coll, true)!.createIndex(r.spec as IndexSpec);
        break;
      case 'dix':
        this.collection(db, coll)?.dropIndex(String(r.name));
        break;
      case 'drop':
        this.dropCollection(db, coll);
        break;
      case 'dropdb':
        this.dropDatabase(String(r.db));
        break;
      default:
        throw new Error(`Unknown journal record ${String(r.o)}`);
    }
  }

  private sink = (record: Doc): void => {
    if (!this.replaying) this.pending.push(record);
  };

  collection(db: string, name: string, create = false): Collection | undefined {
    let colls = this.dbs.get(db);
    if (!colls) {
      if (!create) return undefined;
      this.dbs.set(db, (colls = new Map()));
    }
    let c = colls.get(name);
    if (!c && create) {
      c = new Collection(db, name, this.sink);
      colls.set(name, c);
      this.sink({ o: 'coll', ns: c.ns });
    }
    return c;
  }

  dropCollection(db: string, name: string): boolean {
    const colls = this.dbs.get(db);
    if (!colls?.delete(name)) return false;
    if (colls.size === 0) this.dbs.delete(db);
    this.sink({ o: 'drop', ns: `${db}.${name}` });
    return true;
  }

  dropDatabase(db: string): void {
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
    }
    if (journalSync) this.journal.syncNow();
    if (this.journal.bytes > COMPACT_RUNTIME_BYTES) this.compact();
  }

  /** Writes the whole state as snapshot generation N+1, then starts an empty journal N+1. */
  compact(): void {
    const next = this.gen + 1;
    writeAtomically(path.join(this.dataDir, SNAPSHOT), this.snapshotRecords(next));
    this.journal?.close();
    const old = this.gen;
    this.gen = next;
    this.journal = new JournalWriter(path.join(this.dataDir, journalName(next)));
    for (const g of this.journalGens()) if (g <= old) fs.rmSync(path.join(this.dataDir, journalName(g)), { force: true });
  }

  private *snapshotRecords(gen: number): Generator<Buffer> {
    yield frame({ o: 'hdr', gen });
    for (const colls of this.dbs.values())
      for (const c of colls.values()) {
        yield frame({ o: 'coll', ns: c.ns });
        for (const ix of c.indexes.values()) yield frame({ o: 'ix', ns: c.ns, spec: ix.spec });
        // Documents go in batches: far fewer records (and checksums) to read at start-up.
        let batch: Doc[] = [];
        let bytes = 0;
        for (const e of c.docs.values()) {
          const size = calculateObjectSize(e.raw);
          if (batch.length && bytes + size > SNAPSHOT_BATCH_BYTES) {
            yield frame({ o: 'docs', ns: c.ns, docs: batch });
            batch = [];
            bytes = 0;
          }
          batch.push(e.raw);
          bytes += size;
        }
        if (batch.length) yield frame({ o: 'docs', ns: c.ns, docs: batch });
      }
  }

  close(): void {
    this.commit(false);
    this.journal?.close();
    this.journal = undefined;
    this.release?.();
    this.release = undefined;
  }
}

export function splitNs(ns: string): [string, string] {
  const i = ns.indexOf('.');
  return i < 0 ? [ns, ''] : [ns.slice(0, i), ns.slice(i + 1)];
}
