// Durability of the embedded engine itself (not a conformance test, so always the embedded engine):
// restart, torn journal tail, compaction into a snapshot, the data-directory lock, and SIGKILL.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEngine, type RunningEngine } from '../../api/engine/index';
import { GROUP_SYNC_MS } from '../../api/engine/journal';
import { tempDir } from './helpers';

const { Double, Long } = mongoose.mongo;
const dirs: string[] = [];
const open: { engine?: RunningEngine; client?: InstanceType<typeof mongoose.mongo.MongoClient>; }[] = [];

/** On a worker thread unless told otherwise: the way the app (api/src/db.ts) runs the engine. */
async function boot(dir: string, opts: { thread?: boolean; } = {}) {
  const engine = await startEngine({ dataDir: dir, thread: true, ...opts });
  const client = new mongoose.mongo.MongoClient(engine.uri, { directConnection: true });
  await client.connect();
  const slot = { engine, client };
  open.push(slot);
  return {
    db: client.db('persist'),
    client,
    async stop() {
      await client.close();
      await engine.close();
      open.splice(open.indexOf(slot), 1);
    },
  };
}

function dir(): string {
  const d = tempDir('engine-persist-');
  dirs.push(d);
  return d;
}

afterEach(async () => {
  for (const s of open.splice(0)) {
    await s.client?.close();
    await s.engine?.close();
  }
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('persistence', () => {
  it('keeps documents, updates, deletes, indexes and types across a restart', async () => {
    const d = dir();
    let s = await boot(d);
    const c = s.db.collection('things');
    await c.createIndex({ email: 1 }, { unique: true });
    await c.insertMany([
      { _id: 1 as never, email: 'a@x', d: new Double(5), l: Long.fromString('9007199254740993') },
      { _id: 2 as never, email: 'b@x' },
      { _id: 3 as never, email: 'c@x' },
    ]);
    await c.updateOne({ _id: 2 as never }, { $set: { email: 'b2@x' } });
    await c.deleteOne({ _id: 3 as never });
    await s.db.collection('dropped').insertOne({ a: 1 });
    await s.db.collection('dropped').drop();
    await s.stop();

    s = await boot(d);
    const again = s.db.collection('things');
    expect((await again.find().sort({ _id: 1 }).toArray()).map((x) => x.email)).toEqual(['a@x', 'b2@x']);
    const raw = await again.findOne({ _id: 1 as never }, { promoteValues: false });
    expect(raw?.d).toBeInstanceOf(Double);
    expect(String(raw?.l)).toBe('9007199254740993');
    await expect(again.insertOne({ email: 'a@x' })).rejects.toMatchObject({ code: 11000 });
    expect((await s.db.listCollections().toArray()).map((x) => x.name)).toEqual(['things']);
    await s.stop();
  });

  it('fsyncs before replying to j:true writes and within 100 ms otherwise', async () => {
    // On the calling thread, so the spies below see the engine's fs calls (a worker has its own fs module).
    const s = await boot(dir(), { thread: false });
    const c = s.db.collection('sync');
    await c.insertOne({ warm: 1 }, { writeConcern: { j: true } });
    const syncNow = vi.spyOn(fs, 'fdatasyncSync');
    const grouped = vi.spyOn(fs, 'fdatasync');
    try {
      await c.insertOne({ a: 1 }, { writeConcern: { j: true } });
      expect(syncNow).toHaveBeenCalledTimes(1);
      await c.insertOne({ a: 2 });
      expect(syncNow).toHaveBeenCalledTimes(1);
      // The group timer runs every GROUP_SYNC_MS (a loaded machine may delay it, hence the looser poll).
      expect(GROUP_SYNC_MS).toBeLessThanOrEqual(100);
      await expect.poll(() => grouped.mock.calls.length, { timeout: 1000, interval: 5 }).toBeGreaterThan(0);
    } finally {
      syncNow.mockRestore();
      grouped.mockRestore();
    }
    await s.stop();
  });

  it('ignores and truncates a torn last journal record', async () => {
    const d = dir();
    let s = await boot(d);
    await s.db.collection('j').insertMany([{ n: 1 }, { n: 2 }]);
    await s.stop();
    const journal = fs.readdirSync(d).find((f) => f.startsWith('journal.'))!;
    const file = path.join(d, journal);
    const goodSize = fs.statSync(file).size;
    // A record header promising 500 bytes, followed by only a few: a write cut short by a crash.
    const torn = Buffer.alloc(20);
    torn.writeUInt32LE(500, 0);
    fs.appendFileSync(file, torn);

    s = await boot(d);
    expect(fs.statSync(file).size).toBe(goodSize);
    expect(await s.db.collection('j').countDocuments()).toBe(2);
    await s.db.collection('j').insertOne({ n: 3 });
    await s.stop();
    s = await boot(d);
    expect(await s.db.collection('j').countDocuments()).toBe(3);
    await s.stop();
  });

  it('stops at a record whose checksum does not match', async () => {
    const d = dir();
    let s = await boot(d);
    await s.db.collection('k').insertOne({ n: 1 });
    await s.db.collection('k').insertOne({ n: 2 });
    await s.stop();
    const file = path.join(d, fs.readdirSync(d).find((f) => f.startsWith('journal.'))!);
    const buf = fs.readFileSync(file);
    buf[buf.length - 3] ^= 0xff; // corrupt the last record's body
    fs.writeFileSync(file, buf);
    s = await boot(d);
    expect((await s.db.collection('k').find().toArray()).map((x) => x.n)).toEqual([1]);
    await s.stop();
  });

  it('serves at once over a long journal and folds it into a snapshot in the background', async () => {
    const d = dir();
    let s = await boot(d);
    // 1 MiB each in small strings (a document of big fields would go to a blob segment instead).
    const big = Array.from({ length: 1024 }, () => 'y'.repeat(1000));
    for (let i = 0; i < 18; i++) await s.db.collection('blobs').insertOne({ i, big });
    await s.db.collection('blobs').deleteMany({ i: { $gte: 10 } });
    await s.stop();
    s = await boot(d);
    expect(await s.db.collection('blobs').countDocuments()).toBe(10);
    await expect.poll(() => fs.readdirSync(d).filter((f) => f.startsWith('journal.') || f.startsWith('snapshot')).sort(), { timeout: 10_000 }).toEqual([
      'journal.1.bson',
      'snapshot.bson',
    ]);
    await s.db.collection('blobs').insertOne({ i: 99 });
    await s.stop();
    s = await boot(d);
    expect(await s.db.collection('blobs').countDocuments()).toBe(11);
    await s.stop();
  });

  it('keeps every change made while a snapshot is being written', async () => {
    const d = dir();
    let s = await boot(d);
    const c = s.db.collection('busy');
    await c.createIndex({ k: 1 }, { unique: true });
    await c.insertMany(Array.from({ length: 3000 }, (_, i) => ({ _id: i as never, k: i, pad: 'p'.repeat(300) })));
    // `compact` starts the background snapshot and answers at once; the writes below race with it.
    await s.db.command({ compact: 'busy' });
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 3000; i += 7) writes.push(c.updateOne({ _id: i as never }, { $set: { k: 10_000 + i } }));
    for (let i = 1; i < 3000; i += 11) writes.push(c.deleteOne({ _id: i as never }));
    writes.push(c.insertOne({ _id: 'late' as never, k: -1 }));
    await Promise.all(writes);
    await s.db.collection('other').createIndex({ x: 1 });
    await s.db.collection('other').dropIndex('x_1');
    const before = await c.find().sort({ _id: 1 }).toArray();
    await expect.poll(() => fs.existsSync(path.join(d, 'snapshot.bson.tmp')) || !fs.existsSync(path.join(d, 'snapshot.bson')), { timeout: 10_000 }).toBe(false);
    await s.stop();
    s = await boot(d);
    expect(await s.db.collection('busy').find().sort({ _id: 1 }).toArray()).toEqual(before);
    expect((await s.db.collection('other').indexes()).map((i) => i.name)).toEqual(['_id_']);
    await expect(s.db.collection('busy').insertOne({ k: 10_007 })).rejects.toMatchObject({ code: 11000 });
    await s.stop();
  });

  it('restarts over a data directory many read chunks long (the path past any single-buffer limit)', async () => {
    const d = dir();
    const s = await boot(d);
    const c = s.db.collection('parts');
    // Documents larger than one chunk and many smaller ones, in the snapshot and in the journal.
    await c.insertMany(Array.from({ length: 400 }, (_, i) => ({ _id: i as never, text: `doc ${i} `.repeat(60) })));
    await c.insertOne({ _id: 'big' as never, blob: 'b'.repeat(50_000) });
    await s.db.command({ compact: 'parts' });
    await expect.poll(() => fs.existsSync(path.join(d, 'snapshot.bson')), { timeout: 10_000 }).toBe(true);
    await c.insertMany(Array.from({ length: 300 }, (_, i) => ({ _id: 1000 + i as never, text: `late ${i} `.repeat(60) })));
    await c.insertOne({ _id: 'big2' as never, blob: 'c'.repeat(50_000) });
    await s.stop();
    const chunk = 4096;
    const sizes = fs.readdirSync(d).filter((f) => f.endsWith('.bson')).map((f) => fs.statSync(path.join(d, f)).size);
    expect(Math.min(...sizes)).toBeGreaterThan(chunk * 10);
    const engine = await startEngine({ dataDir: d, thread: true, readChunkBytes: chunk });
    const client = new mongoose.mongo.MongoClient(engine.uri, { directConnection: true });
    open.push({ engine, client });
    const again = client.db('persist').collection('parts');
    expect(await again.countDocuments()).toBe(702);
    expect((await again.findOne({ _id: 'big2' as never }))?.blob).toBe('c'.repeat(50_000));
    expect((await again.findOne({ _id: 1299 as never }))?.text).toBe('late 299 '.repeat(60));
    expect((await again.findOne({ _id: 'big' as never }))?.blob).toHaveLength(50_000);
  });

  it('keeps GridFS chunks and large documents in blob segments, read on demand, freed when deleted', async () => {
    const d = dir();
    let s = await boot(d);
    const bytes = Buffer.alloc(3 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) & 0xff;
    const bucket = () => new mongoose.mongo.GridFSBucket(s.db, { bucketName: 'files' });
    const id = await new Promise<unknown>((resolve, reject) => {
      const up = bucket().openUploadStream('big.bin');
      up.on('finish', () => resolve(up.id)).on('error', reject);
      up.end(bytes);
    });
    await s.db.collection('notes').insertOne({ _id: 'n1' as never, title: 'kept', body: 'z'.repeat(40_000) });
    await s.stop();
    const bsonFiles = () => fs.readdirSync(d).filter((f) => f.endsWith('.bson'));
    const sizeOf = (prefix: string) => bsonFiles().filter((f) => f.startsWith(prefix)).reduce((n, f) => n + fs.statSync(path.join(d, f)).size, 0);
    // The bytes are written once, to a blob segment; the journal only names their place.
    expect(sizeOf('blobs.')).toBeGreaterThan(bytes.length);
    expect(sizeOf('journal.')).toBeLessThan(64 * 1024);

    s = await boot(d);
    const back = await new Promise<Buffer>((resolve, reject) => {
      const parts: Buffer[] = [];
      bucket().openDownloadStream(id as never).on('data', (c: Buffer) => parts.push(c)).on('end', () => resolve(Buffer.concat(parts))).on('error', reject);
    });
    expect(back.equals(bytes)).toBe(true);
    expect((await s.db.collection('notes').findOne({ title: 'kept' }))?.body).toHaveLength(40_000);
    const segments = bsonFiles().filter((f) => f.startsWith('blobs.'));
    await bucket().delete(id as never);
    await s.db.collection('notes').deleteOne({ _id: 'n1' as never });
    // Nothing references the old segment any more: it is removed.
    expect(bsonFiles().filter((f) => segments.includes(f))).toEqual([]);
    await s.stop();
    s = await boot(d);
    expect(await s.db.collection('files.chunks').countDocuments()).toBe(0);
    await s.stop();
  });

  it('refuses a second engine on the same data directory and takes over a stale lock', async () => {
    const d = dir();
    const s = await boot(d);
    await expect(startEngine({ dataDir: d, thread: true })).rejects.toThrow(/in use|locked/);
    // The lock file holds the pid, which a worker thread shares: the in-process claim must still hold.
    await expect(startEngine({ dataDir: d, thread: false })).rejects.toThrow(/in use/);
    await s.stop();
    const local = await boot(d, { thread: false });
    await expect(startEngine({ dataDir: d, thread: true })).rejects.toThrow(/in use/);
    await local.stop();
    // A lock left by a process that no longer exists.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    fs.writeFileSync(path.join(d, 'engine.lock'), dead);
    const again = await boot(d);
    await again.stop();
    expect(fs.existsSync(path.join(d, 'engine.lock'))).toBe(false);
  });

  it('loses no acknowledged write when the process is killed with SIGKILL', async () => {
    const d = dir();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'fixtures/crash-writer.ts'), d, '2000'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const acked: string[] = [];
    let buffered = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const l of lines) if (l.startsWith('ack ')) acked.push(l.slice(4));
        if (acked.length >= 600 && child.exitCode === null && !child.killed) {
          child.kill('SIGKILL');
        }
      });
      child.on('exit', () => resolve());
      child.on('error', reject);
    });
    expect(acked.length).toBeGreaterThanOrEqual(600);
    expect(acked.length).toBeLessThan(2000); // killed mid-way, not after finishing

    const s = await boot(d);
    const c = s.client.db('crash').collection('items');
    const ids = new Set((await c.find({}, { projection: { _id: 1 } }).toArray()).map((x) => String(x._id)));
    const missing = acked.filter((id) => !ids.has(id));
    expect(missing).toEqual([]);
    // The journal still opens and takes writes; the unique index survived.
    await expect(c.insertOne({ seq: 0 })).rejects.toMatchObject({ code: 11000 });
    await c.insertOne({ _id: 'after-crash' as never, seq: -1 });
    await s.stop();
  });
});
