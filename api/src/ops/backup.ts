// An online backup in mongodump's layout (dump-format.ts). On the embedded engine: a point-in-time view
// taken in one step inside the engine, read out in ~1 MiB batches (the engine answers other commands in
// between), and the journal records written since copied beside the backup. On MongoDB: a snapshot
// session (readConcern "snapshot", a replica set) so every collection is read at one cluster time.
// Written to DIR.partial-<pid>, re-read and checked, the manifest last, then renamed to DIR: an
// interrupted backup leaves only a partial directory, which restore refuses.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Document } from 'bson';
import type mongoose from 'mongoose';
import { privateDirSync, PRIVATE_FILE_MODE } from '../data-dir';
import {
  bsonFile,
  type CollectionEntry,
  FORMAT,
  fsyncPath,
  JOURNAL_COPY,
  MANIFEST,
  type Manifest,
  metadataFile,
  metadataJson,
  sha256Of,
  summarizeAsync,
} from './dump-format';
import { databaseClock } from '../clock';

type MongoClient = mongoose.mongo.MongoClient;

export interface BackupOptions {
  /** Tests only: a pause after each collection, so a backup can be interrupted part-way. */
  stepDelayMs?: number;
}

export interface BackupResult {
  dir: string;
  at: Date;
  collections: number;
  documents: number;
  bytes: number;
  ms: number;
  pointInTime: boolean;
}

/** A collection being written: its file handle and running hash. */
class CollectionWriter {
  private fd: number;
  private hash = createHash('sha256');
  bytes = 0;
  constructor(readonly file: string) {
    privateDirSync(path.dirname(file));
    this.fd = fs.openSync(file, 'w', PRIVATE_FILE_MODE);
  }
  async write(b: Uint8Array): Promise<void> {
    if (!b.length) return;
    this.hash.update(b);
    this.bytes += b.length;
    let off = 0;
    while (off < b.length) off += (await fsWrite(this.fd, b, off)).bytesWritten;
  }
  close(): string {
    fs.fsyncSync(this.fd);
    fs.closeSync(this.fd);
    return this.hash.digest('hex');
  }
}

const fsWrite = (fd: number, b: Uint8Array, off: number) =>
  new Promise<{ bytesWritten: number; }>((resolve, reject) =>
    fs.write(fd, b, off, b.length - off, null, (err, n) => (err ? reject(err) : resolve({ bytesWritten: n })))
  );
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Source {
  at: Date;
  pointInTime: boolean;
  collections: { db: string; name: string; count: number; indexes: Document[]; }[];
  /** Writes collection i's documents through `write`. */
  copy(i: number, write: (b: Uint8Array) => Promise<void>): Promise<void>;
  finish(dir: string | undefined): Promise<void>;
}

async function embeddedSource(client: MongoClient): Promise<Source> {
  const admin = client.db('admin');
  const open = await admin.command({ embeddedBackupOpen: 1 });
  const id = open.id as number;
  return {
    at: open.at as Date,
    pointInTime: true,
    collections: open.collections,
    async copy(i, write) {
      let from: number | null = 0;
      while (from !== null) {
        const r = await admin.command({ embeddedBackupRead: id, coll: i, from });
        await write((r.bytes as { buffer: Uint8Array; }).buffer);
        from = r.next as number | null;
      }
    },
    async finish(dir) {
      await admin.command({ embeddedBackupClose: id, ...(dir ? { journalTo: path.join(dir, JOURNAL_COPY) } : {}) });
    },
  };
}

async function mongodbSource(client: MongoClient): Promise<Source> {
  const session = client.startSession({ snapshot: true });
  const { databases } = await client.db('admin').admin().listDatabases({ nameOnly: true });
  const colls: Source['collections'] = [];
  for (const { name: db } of databases) {
    if (db === 'admin' || db === 'local' || db === 'config') continue;
    for (const c of await client.db(db).listCollections({ type: 'collection' }, { nameOnly: true }).toArray()) {
      if (c.name.startsWith('system.')) continue;
      const indexes = await client.db(db).collection(c.name).listIndexes().toArray();
      colls.push({ db, name: c.name, count: -1, indexes });
    }
  }
  let pointInTime = true;
  return {
    // The database's own moment, like the embedded engine's view and the journal stamps `--until` compares
    // with: not the app's test clock (this also runs as a CLI, with no server clock).
    at: databaseClock.now(),
    get pointInTime() {
      return pointInTime;
    },
    collections: colls,
    async copy(i, write) {
      const c = colls[i];
      const find = (s?: typeof session) => client.db(c.db).collection(c.name).find({}, { session: s, raw: true, batchSize: 1000 });
      let cursor = find(session);
      try {
        await cursor.hasNext();
      } catch {
        // A standalone mongod has no snapshot reads: copied collection by collection (README says so).
        pointInTime = false;
        cursor = find();
      }
      let n = 0;
      for await (const d of cursor) {
        await write(d as unknown as Uint8Array);
        n++;
      }
      c.count = n;
    },
    async finish() {
      await session.endSession();
    },
  };
}

export async function runBackup(client: MongoClient, kind: 'embedded' | 'mongodb', out: string, opts: BackupOptions = {}): Promise<BackupResult> {
  const started = performance.now();
  const dir = path.resolve(out);
  if (fs.existsSync(dir)) throw new Error(`${out} already exists: choose a new directory for each backup`);
  const tmp = `${dir}.partial-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  privateDirSync(tmp);
  const source = kind === 'embedded' ? await embeddedSource(client) : await mongodbSource(client);
  let renamed = false;
  try {
    const entries: CollectionEntry[] = [];
    for (let i = 0; i < source.collections.length; i++) {
      const c = source.collections[i];
      const w = new CollectionWriter(bsonFile(tmp, c.db, c.name));
      await source.copy(i, (b) => w.write(b));
      const sha256 = w.close();
      const meta = metadataFile(tmp, c.db, c.name);
      fs.writeFileSync(meta, metadataJson(c.name, c.indexes), { mode: PRIVATE_FILE_MODE });
      fsyncPath(meta);
      // Checked after writing: the file read back has the documents the database gave, by count and hash.
      const back = await summarizeAsync(w.file);
      if (back.sha256 !== sha256 || (c.count >= 0 && back.count !== c.count)) {
        throw new Error(`${c.db}.${c.name}: read back ${back.count} documents, expected ${c.count}`);
      }
      entries.push({ db: c.db, name: c.name, count: back.count, bytes: back.bytes, sha256, metadataSha256: sha256Of(meta) });
      if (opts.stepDelayMs) await pause(opts.stepDelayMs);
    }
    for (const db of new Set(entries.map((e) => e.db))) fsyncPath(path.join(tmp, db));
    const manifest: Manifest = {
      format: FORMAT,
      version: 1,
      name: path.basename(dir),
      at: source.at.toISOString(),
      source: kind,
      collections: entries,
      journal: kind === 'embedded',
    };
    const mf = path.join(tmp, MANIFEST);
    fs.writeFileSync(mf, JSON.stringify(manifest, null, 2) + '\n', { mode: PRIVATE_FILE_MODE });
    fsyncPath(mf);
    fsyncPath(tmp);
    fs.renameSync(tmp, dir);
    fsyncPath(path.dirname(dir));
    renamed = true;
    await source.finish(dir);
    return {
      dir,
      at: source.at,
      collections: entries.length,
      documents: entries.reduce((n, e) => n + e.count, 0),
      bytes: entries.reduce((n, e) => n + e.bytes, 0),
      ms: Math.round(performance.now() - started),
      pointInTime: source.pointInTime,
    };
  } catch (e) {
    if (!renamed) {
      await source.finish(undefined).catch(() => undefined);
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    throw e;
  }
}
