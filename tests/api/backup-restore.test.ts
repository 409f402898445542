// Online backup and restore: mongodump's layout read back with the bson package as
// mongorestore reads it, a round trip by hash (documents, indexes, GridFS files), one point in time
// under concurrent writes, and a backup killed part-way leaves nothing restore accepts.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deserialize, EJSON } from 'bson';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine } from '../../api/engine/index';
import { runBackup } from '../../api/src/ops/backup';
import { MANIFEST, type Manifest, verifiedManifest } from '../../api/src/ops/dump-format';
import { runCli, startCli } from '../support/ops-cli';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let work: string;
const DB = 'sparkleclean';
const client = () => mongoose.connection.getClient();
const db = () => mongoose.connection.db!;

/** Every document of a .bson file, as mongorestore reads it: int32 length, then that many bytes, repeated. */
function readBson(file: string): Buffer[] {
  const buf = readFileSync(file);
  const out: Buffer[] = [];
  for (let at = 0; at < buf.length;) {
    const len = buf.readInt32LE(at);
    out.push(buf.subarray(at, at + len));
    at += len;
  }
  return out;
}

beforeAll(async () => {
  server = await startTestServer();
  work = await mkdtemp(path.join(tmpdir(), 'sc-bk-'));
  const things = db().collection('ops_things');
  await things.createIndex({ code: 1 }, { unique: true });
  await things.createIndex({ tag: 1 }, { sparse: true, name: 'tag_sparse' });
  await things.createIndex({ when: 1 }, { expireAfterSeconds: 3600 * 24 * 365 });
  await things.createIndex({ n: -1 }, { partialFilterExpression: { n: { $gt: 5 } } });
  await things.insertMany(
    Array.from(
      { length: 300 },
      (_, i) => ({ code: `c${i}`, n: i, big: 2 ** 40 + i, half: i + 0.5, when: new Date(Date.UTC(2026, 0, 1, 0, i)), ...(i % 3 ? { tag: `t${i % 7}` } : {}) }),
    ),
  );
  const bucket = new mongoose.mongo.GridFSBucket(db(), { bucketName: 'opsfiles' });
  const bytes = Buffer.alloc(600_000, 7);
  bytes.write('a file of several chunks', 0);
  await new Promise<void>((resolve, reject) => bucket.openUploadStream('big.bin').on('finish', () => resolve()).on('error', reject).end(bytes));
}, 60_000);

afterAll(async () => {
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

describe('npm run backup (server running) and npm run restore', () => {
  it('writes mongodump layout that the bson package reads back, and restores byte for byte (documents, indexes, GridFS)', async () => {
    const out = path.join(work, 'b1');
    const b = await runCli('backup', ['--out', out], { DATA_DIR: server.dataDir });
    expect(b.stderr).toBe('');
    expect(b.code).toBe(0);
    // The layout: <db>/<collection>.bson + .metadata.json, nothing partial left beside it.
    expect(readdirSync(work)).toEqual(['b1']);
    const files = readdirSync(path.join(out, DB));
    expect(files).toContain('ops_things.bson');
    expect(files).toContain('ops_things.metadata.json');
    expect(files).toContain('opsfiles.chunks.bson');
    const docs = readBson(path.join(out, DB, 'ops_things.bson')).map((d) => deserialize(d));
    const live = await db().collection('ops_things').find().toArray();
    expect(docs).toEqual(live);
    // Chunks come back whole (they live in the engine's blob segments).
    const chunks = readBson(path.join(out, DB, 'opsfiles.chunks.bson')).map((d) => deserialize(d));
    expect(chunks.reduce((n, c) => n + c.data.length(), 0)).toBe(600_000);
    // metadata.json: canonical Extended JSON with the fields mongorestore's Metadata reads.
    const meta = EJSON.parse(readFileSync(path.join(out, DB, 'ops_things.metadata.json'), 'utf8'), { relaxed: false });
    expect(Object.keys(meta).sort()).toEqual(['collectionName', 'indexes', 'options', 'type', 'uuid']);
    expect(meta.collectionName).toBe('ops_things');
    expect(meta.type).toBe('collection');
    expect(meta.uuid).toMatch(/^[0-9a-f]{32}$/);
    const byName = Object.fromEntries(meta.indexes.map((ix: { name: string; }) => [ix.name, ix]));
    expect(Object.keys(byName).sort()).toEqual(['_id_', 'code_1', 'n_-1', 'tag_sparse', 'when_1']);
    for (const ix of meta.indexes) expect(Object.keys(ix).slice(0, 3)).toEqual(['v', 'key', 'name']);
    expect(byName.code_1.unique).toBe(true);
    expect(byName.tag_sparse.sparse).toBe(true);
    expect(Number(byName.when_1.expireAfterSeconds)).toBe(3600 * 24 * 365);
    expect(EJSON.serialize(byName['n_-1'].partialFilterExpression)).toEqual({ n: { $gt: 5 } });
    expect(readFileSync(path.join(out, DB, 'ops_things.metadata.json'), 'utf8')).toContain('"v":{"$numberInt":"2"}');

    // Restore into a new data dir, then back it up again (no server: the CLI opens the dir itself).
    const dir2 = await mkdtemp(path.join(tmpdir(), 'sc-rs-'));
    try {
      const r = await runCli('restore', [out], { DATA_DIR: dir2 });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      // A second restore into the now non-empty dir is refused without --force.
      const again = await runCli('restore', [out], { DATA_DIR: dir2 });
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/already holds a database.*--force/);
      // With --force it replaces what is there (the comparison below then checks the replaced copy).
      const forced = await runCli('restore', [out, '--force'], { DATA_DIR: dir2 });
      expect(forced.stderr).toBe('');
      expect(forced.code).toBe(0);
      const out2 = path.join(work, 'b2');
      expect((await runCli('backup', ['--out', out2], { DATA_DIR: dir2 })).code).toBe(0);
      const m1 = JSON.parse(readFileSync(path.join(out, MANIFEST), 'utf8')) as Manifest;
      const m2 = JSON.parse(readFileSync(path.join(out2, MANIFEST), 'utf8')) as Manifest;
      const data = (m: Manifest) => Object.fromEntries(m.collections.map((c) => [`${c.db}.${c.name}`, [c.count, c.sha256]]));
      expect(data(m2)).toEqual(data(m1));
      const indexes = (dir: string, coll: string) => EJSON.parse(readFileSync(path.join(dir, DB, `${coll}.metadata.json`), 'utf8')).indexes;
      for (const c of m1.collections) expect(indexes(out2, c.name)).toEqual(indexes(out, c.name));
      const sha = (dir: string) => createHash('sha256').update(readFileSync(path.join(dir, DB, 'opsfiles.chunks.bson'))).digest('hex');
      expect(sha(out2)).toBe(sha(out));
    } finally {
      await rm(dir2, { recursive: true, force: true });
    }
  }, 120_000);

  it('is one point in time while a writer keeps changing two collections', async () => {
    // The writer bumps the counter, then inserts that step: at any instant steps ∈ {seq - 1, seq}.
    const counter = db().collection('ops_a_counter');
    const steps = db().collection('ops_z_steps');
    await counter.insertOne({ _id: 'c' as never, seq: 0 });
    let stop = false;
    let seq = 0;
    const writer = (async () => {
      while (!stop) {
        seq++;
        await counter.updateOne({ _id: 'c' as never }, { $set: { seq } });
        await steps.insertOne({ seq });
      }
    })();
    await new Promise((r) => setTimeout(r, 200));
    const out = path.join(work, 'pit');
    // A pause after each collection: copied one by one, the steps would run far ahead of the counter.
    const r = await runBackup(client(), 'embedded', out, { stepDelayMs: 300 });
    stop = true;
    await writer;
    expect(r.pointInTime).toBe(true);
    const c = readBson(path.join(out, DB, 'ops_a_counter.bson')).map((d) => deserialize(d));
    const s = readBson(path.join(out, DB, 'ops_z_steps.bson')).map((d) => deserialize(d));
    const backedSeq = c[0].seq as number;
    expect(backedSeq).toBeGreaterThan(0);
    expect(seq).toBeGreaterThan(backedSeq + 1);
    expect([backedSeq - 1, backedSeq]).toContain(s.length);
    expect(s.map((d) => d.seq)).toEqual(Array.from({ length: s.length }, (_, i) => i + 1));
  }, 60_000);

  it('killed with SIGKILL part-way, leaves no directory that restore accepts', async () => {
    const out = path.join(work, 'killed');
    const run = startCli('backup', ['--out', out], { DATA_DIR: server.dataDir, BACKUP_TEST_STEP_DELAY_MS: '1000' });
    const partial = () => readdirSync(work).find((f) => f.startsWith('killed.partial-'));
    const deadline = Date.now() + 30_000;
    while (!(partial() && existsSync(path.join(work, partial()!, DB))) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    run.child.kill('SIGKILL');
    await run.done;
    expect(existsSync(out)).toBe(false);
    const left = path.join(work, partial()!);
    expect(() => verifiedManifest(left)).toThrow(/unfinished backup/);
    const dir2 = await mkdtemp(path.join(tmpdir(), 'sc-rs-'));
    try {
      const r = await runCli('restore', [left], { DATA_DIR: dir2 });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/unfinished backup/);
      expect(existsSync(path.join(dir2, 'db'))).toBe(false);
      // The same directory under the final name, still without its manifest: refused too.
      expect(() => verifiedManifest(path.join(work, 'pit', DB))).toThrow(/no backup-manifest.json/);
    } finally {
      await rm(dir2, { recursive: true, force: true });
    }
  }, 60_000);

  it('restore --until replays the changes made after the backup up to that moment, and no further', async () => {
    const out = path.join(work, 'pitr');
    expect((await runCli('backup', ['--out', out], { DATA_DIR: server.dataDir })).code).toBe(0);
    const pitr = db().collection('ops_pitr');
    const things = db().collection('ops_things');
    await pitr.insertOne({ name: 'before' });
    await things.updateOne({ code: 'c1' }, { $set: { n: -1 } });
    await new Promise((r) => setTimeout(r, 100));
    const moment = new Date();
    await new Promise((r) => setTimeout(r, 100));
    // "Someone deleted half the customers at 10:31".
    await things.deleteMany({ n: { $lt: 150 } });
    await pitr.insertOne({ name: 'after' });
    const restored = async (args: string[]) => {
      const dir = await mkdtemp(path.join(tmpdir(), 'sc-rs-'));
      const r = await runCli('restore', [out, ...args], { DATA_DIR: dir });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const engine = await startEngine({ dataDir: path.join(dir, 'db') });
      const c = await new mongoose.mongo.MongoClient(`${engine.uri}?directConnection=true`).connect();
      try {
        const d = c.db(DB);
        return {
          names: (await d.collection('ops_pitr').find().toArray()).map((x) => x.name),
          things: await d.collection('ops_things').countDocuments(),
          c1: (await d.collection('ops_things').findOne({ code: 'c1' }))?.n,
          stdout: r.stdout,
        };
      } finally {
        await c.close();
        await engine.close();
        await rm(dir, { recursive: true, force: true });
      }
    };
    const at = await restored(['--until', moment.toISOString()]);
    expect(at.names).toEqual(['before']);
    expect(at.things).toBe(300);
    expect(at.c1).toBe(-1);
    expect(at.stdout).toMatch(/journal changes replayed/);
    const plain = await restored([]);
    expect(plain.names).toEqual([]);
    expect(plain.c1).toBe(1);
    const latest = await restored(['--until', new Date(Date.now() + 60_000).toISOString()]);
    expect(latest.names).toEqual(['before', 'after']);
    expect(latest.things).toBe(150);
    const early = await runCli('restore', [out, '--until', '2020-01-01T00:00:00Z'], { DATA_DIR: path.join(work, 'nowhere') });
    expect(early.code).toBe(1);
    expect(early.stderr).toMatch(/before this backup/);
  }, 120_000);
});
