// Restores a backup (dump-format.ts) through the driver: into an empty embedded data dir or into
// MONGODB_URI (the way to move to a replica set). Checks the manifest first, so an unfinished or
// damaged backup is refused before anything is written. `until`: replays the journal records copied
// beside the backup up to that moment.
import path from 'node:path';
import fs from 'node:fs';
import { deserialize, type Document } from 'bson';
import type mongoose from 'mongoose';
import { readRecords } from '../../engine/journal';
import { bsonDocuments, bsonFile, JOURNAL_COPY, metadataFile, readMetadata, verifiedManifest } from './dump-format';

type MongoClient = mongoose.mongo.MongoClient;
const raw = { promoteValues: false, promoteBuffers: false } as const;
const BATCH_DOCS = 1000;
const BATCH_BYTES = 8 << 20;

export interface RestoreOptions {
  force?: boolean;
  until?: Date;
}

export interface RestoreResult {
  collections: number;
  documents: number;
  /** Journal records replayed (with `until`). */
  replayed: number;
  /** The moment of the last replayed change, or the backup's. */
  restoredTo: string;
}

/** Whether an embedded data dir holds no database yet (what restore writes into). */
export function embeddedDirIsEmpty(dataDir: string): boolean {
  const db = path.join(dataDir, 'db');
  return !fs.existsSync(db) || fs.readdirSync(db).filter((f) => f !== 'engine.lock').length === 0;
}

const userDbs = (names: string[]) => names.filter((n) => n !== 'admin' && n !== 'local' && n !== 'config');

export async function restoreBackup(client: MongoClient, dir: string, opts: RestoreOptions = {}): Promise<RestoreResult> {
  const manifest = verifiedManifest(dir);
  if (opts.until) {
    if (opts.until < new Date(manifest.at)) throw new Error(`--until ${opts.until.toISOString()} is before this backup (${manifest.at}): use an older backup`);
    if (!manifest.journal || !fs.existsSync(path.join(dir, JOURNAL_COPY))) {
      throw new Error(`${dir} has no journal copy to replay (--until needs a backup of the embedded database)`);
    }
  }
  const { databases } = await client.db('admin').admin().listDatabases({ nameOnly: true });
  const existing = userDbs(databases.map((d) => d.name));
  const targets = new Set(manifest.collections.map((c) => c.db));
  for (const db of existing) {
    if (!targets.has(db)) continue;
    const colls = await client.db(db).listCollections({}, { nameOnly: true }).toArray();
    if (colls.length && !opts.force) throw new Error(`database ${db} already has collections: restore into an empty one, or add --force to replace it`);
    if (colls.length) await client.db(db).dropDatabase();
  }
  let documents = 0;
  for (const c of manifest.collections) {
    const coll = client.db(c.db).collection(c.name);
    await client.db(c.db).createCollection(c.name);
    const specs = readMetadata(metadataFile(dir, c.db, c.name)).indexes.filter((s) => s.name !== '_id_').map(({ v: _v, ns: _ns, ...spec }) => spec);
    if (specs.length) await coll.createIndexes(specs as never);
    let batch: Document[] = [];
    let bytes = 0;
    for (const b of bsonDocuments(bsonFile(dir, c.db, c.name))) {
      batch.push(deserialize(b, raw));
      bytes += b.length;
      if (batch.length >= BATCH_DOCS || bytes >= BATCH_BYTES) {
        await coll.insertMany(batch, { ordered: true });
        documents += batch.length;
        batch = [];
        bytes = 0;
      }
    }
    if (batch.length) await coll.insertMany(batch, { ordered: true });
    documents += batch.length;
  }
  let replayed = 0;
  let restoredTo = manifest.at;
  if (opts.until) ({ replayed, restoredTo } = await replayUntil(client, path.join(dir, JOURNAL_COPY), opts.until, manifest.at));
  // The restored write versions were seen before by running instances, with other data behind them:
  // without them every kept answer is built afresh (the counters start again at a new random point).
  for (const db of targets) await client.db(db).collection('write_versions').drop().catch(() => undefined);
  return { collections: manifest.collections.length, documents, replayed, restoredTo };
}

/** The engine's journal records (each commit behind a `ts` marker) applied through the driver, up to `until`. */
async function replayUntil(client: MongoClient, file: string, until: Date, from: string): Promise<{ replayed: number; restoredTo: string; }> {
  const records: Document[] = [];
  let at: Date | undefined;
  let stop = false;
  let restoredTo = from;
  // A torn last record (the server was killed mid-write) is left out, as the engine does.
  readRecords(file, (r) => {
    if (stop) return;
    if (r.o === 'ts') {
      at = r.t as Date;
      if (at > until) stop = true;
      else restoredTo = at.toISOString();
      return;
    }
    records.push(r);
  });
  let replayed = 0;
  for (const r of records) {
    await applyRecord(client, r);
    replayed++;
  }
  return { replayed, restoredTo };
}

async function applyRecord(client: MongoClient, r: Document): Promise<void> {
  const ns = String(r.ns ?? '');
  const i = ns.indexOf('.');
  const db = client.db(i < 0 ? ns : ns.slice(0, i));
  const coll = db.collection(i < 0 ? '' : ns.slice(i + 1));
  const put = (d: Document) => coll.replaceOne({ _id: d._id }, d, { upsert: true });
  switch (r.o) {
    case 'coll':
      if (!(await db.listCollections({ name: coll.collectionName }).hasNext())) await db.createCollection(coll.collectionName);
      return;
    case 'put':
      await put(r.d as Document);
      return;
    case 'docs':
      for (const d of r.docs as (Document | Uint8Array)[]) await put(d instanceof Uint8Array ? deserialize(d, raw) : d);
      return;
    case 'del':
      await coll.deleteOne({ _id: r.id });
      return;
    case 'ix': {
      const { v: _v, ns: _ns, ...spec } = r.spec as Document;
      await coll.createIndexes([spec as never]);
      return;
    }
    case 'dix':
      await coll.dropIndex(String(r.name)).catch(() => undefined);
      return;
    case 'drop':
      await coll.drop().catch(() => undefined);
      return;
    case 'dropdb':
      await client.db(String(r.db)).dropDatabase();
      return;
    default:
      throw new Error(`journal copy holds a record this version cannot replay (${String(r.o)})`);
  }
}
