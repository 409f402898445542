// Index keys kept across a clean restart (keyfile.ts): close() writes them, the next open reads them
// instead of filling the indexes from every document; a key file that is not of the files beside it
// (a crash, writes after it, a compaction) is never used, and the answers are the same either way.
import fs from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterEach, describe, expect, it } from 'vitest';
import { crc32 } from 'node:zlib';
import { chunking, KEY_FILE } from '../../api/engine/keyfile';
import { startEngine, type RunningEngine } from '../../api/engine/index';
import { tempDir } from './helpers';

const open: { engine: RunningEngine; client: InstanceType<typeof mongoose.mongo.MongoClient>; }[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const r of open.splice(0)) {
    await r.client.close();
    await r.engine.close();
  }
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function boot(dataDir: string) {
  const engine = await startEngine({ dataDir });
  const client = new mongoose.mongo.MongoClient(engine.uri, { directConnection: true });
  await client.connect();
  const slot = { engine, client };
  open.push(slot);
  const status = await client.db('admin').command({ serverStatus: 1 });
  return {
    things: client.db('k').collection<{ _id: number; a: number; b: string; tags: string[]; u: string; p?: number; }>('things'),
    client,
    loaded: Number(status.embedded.indexKeysLoaded),
    async stop() {
      await client.close();
      await engine.close();
      open.splice(open.indexOf(slot), 1);
    },
  };
}

/** What the indexes answer (each query planned on one of them), to compare across restarts. */
async function answers(things: Awaited<ReturnType<typeof boot>>['things']) {
  const ids = async (f: object, sort: object = { _id: 1 }, limit = 0) =>
    (await things.find(f).sort(sort as never).limit(limit).project({ _id: 1 }).toArray()).map((d) => d._id);
  return {
    eq: await ids({ a: 3 }),
    range: await ids({ a: { $gte: 2, $lt: 4 } }),
    prefix: await ids({ b: /^b1/ }),
    multikey: await ids({ tags: 't2' }),
    partial: await ids({ p: { $gt: 5 } }),
    sorted: await ids({}, { a: -1, b: 1 }, 7),
    count: await things.countDocuments({ a: { $in: [1, 5] } }),
  };
}

async function seeded() {
  const dataDir = tempDir('engine-keys-');
  dirs.push(dataDir);
  const db = await boot(dataDir);
  await db.things.createIndex({ a: 1, b: 1 });
  await db.things.createIndex({ b: 1 });
  await db.things.createIndex({ tags: 1 });
  await db.things.createIndex({ u: 1 }, { unique: true });
  await db.things.createIndex({ p: 1 }, { partialFilterExpression: { p: { $gt: 3 } } });
  await db.things.insertMany(
    Array.from(
      { length: 3000 },
      (_, i) => ({ _id: i, a: i % 7, b: `b${i % 50}`, tags: [`t${i % 3}`, `t${i % 5}`], u: `u${i}`, ...(i % 4 ? { p: i % 10 } : {}) }),
    ),
  );
  await db.things.updateMany({ a: 2 }, { $set: { b: 'b10x' } });
  await db.things.deleteMany({ a: 6, b: 'b13' });
  return { dataDir, db };
}

describe('index key file', () => {
  it('gives every index its keys after a clean restart, with the same answers and unique checks', async () => {
    const { dataDir, db } = await seeded();
    const before = await answers(db.things);
    await db.stop();
    expect(fs.existsSync(path.join(dataDir, KEY_FILE))).toBe(true);
    const again = await boot(dataDir);
    expect(again.loaded).toBe(5);
    expect(fs.existsSync(path.join(dataDir, KEY_FILE))).toBe(false); // read once
    expect(await answers(again.things)).toEqual(before);
    await expect(again.things.insertOne({ _id: 9000, a: 1, b: 'x', tags: [], u: 'u17' })).rejects.toThrow(/E11000/);
    // Writes after a load keep the indexes exact, and the next clean restart carries them on.
    await again.things.updateOne({ _id: 17 }, { $set: { a: 3, tags: ['t9'] } });
    await again.things.insertOne({ _id: 9001, a: 3, b: 'b1z', tags: ['t2'], u: 'new', p: 9 });
    const after = await answers(again.things);
    await again.stop();
    const third = await boot(dataDir);
    expect(third.loaded).toBe(5);
    expect(await answers(third.things)).toEqual(after);
  });

  it('is not used beside a journal that changed after it was written (a crash after more writes)', async () => {
    const { dataDir, db } = await seeded();
    await db.stop();
    const saved = fs.readFileSync(path.join(dataDir, KEY_FILE));
    const second = await boot(dataDir);
    await second.things.updateMany({ a: 3 }, { $set: { a: 4 } });
    await second.things.insertOne({ _id: 9002, a: 3, b: 'b1q', tags: ['t2'], u: 'v', p: 8 });
    const want = await answers(second.things);
    await second.stop();
    // As if the engine had been killed after those writes with the old key file still there.
    fs.writeFileSync(path.join(dataDir, KEY_FILE), saved);
    const third = await boot(dataDir);
    expect(third.loaded).toBe(0);
    expect(await answers(third.things)).toEqual(want);
    await expect(third.things.insertOne({ _id: 9003, a: 1, b: 'x', tags: [], u: 'v' })).rejects.toThrow(/E11000/);
  });

  it('is not used after a compaction, nor when damaged; a data directory without one opens as before', async () => {
    const { dataDir, db } = await seeded();
    const want = await answers(db.things);
    await db.stop();
    const saved = fs.readFileSync(path.join(dataDir, KEY_FILE));
    const second = await boot(dataDir);
    await second.client.db('k').command({ compact: 'things' });
    await second.stop();
    fs.writeFileSync(path.join(dataDir, KEY_FILE), saved);
    const third = await boot(dataDir);
    expect(third.loaded).toBe(0);
    expect(await answers(third.things)).toEqual(want);
    await third.stop();
    // A bit flipped in the last record: the indexes before it come from the file, the rest are filled.
    const good = fs.readFileSync(path.join(dataDir, KEY_FILE));
    good[good.length - 40] ^= 0xff;
    fs.writeFileSync(path.join(dataDir, KEY_FILE), good);
    const fourth = await boot(dataDir);
    expect(await answers(fourth.things)).toEqual(want);
    await fourth.stop();
    fs.rmSync(path.join(dataDir, KEY_FILE));
    const fifth = await boot(dataDir);
    expect(fifth.loaded).toBe(0);
    expect(await answers(fifth.things)).toEqual(want);
  });

  it('keeps keys and ids of any characters exactly (latin1, other scripts, a lone surrogate), across many records', async () => {
    const dataDir = tempDir('engine-keys-');
    dirs.push(dataDir);
    const db = await boot(dataDir);
    const coll = (c: typeof db.client) => c.db('k').collection<{ _id: string; n: string; g: number; }>('names');
    const names = coll(db.client);
    await names.createIndex({ n: 1 });
    await names.createIndex({ g: 1, n: -1 });
    const odd = ['café', 'Zoë', 'łódź', '東京', 'emoji 🧽', 'lone \ud800 half', 'tail \udfff', 'plain', ''];
    await names.insertMany(
      Array.from({ length: 600 }, (_, i) => ({ _id: `${odd[i % odd.length]}#${i}`, n: `${odd[(i * 7) % odd.length]}${i % 13}`, g: i % 4 })),
    );
    const read = async (names = coll(db.client)) => ({
      all: (await names.find({}).sort({ n: 1, _id: 1 }).toArray()).map((d) => [d._id, d.n]),
      each: await Promise.all(odd.map(async (o) => (await names.find({ n: `${o}3` }).project({ _id: 1 }).toArray()).map((d) => d._id).sort())),
      range: (await names.find({ n: { $gte: 'c', $lt: '\u6771\u4eac9' } }).sort({ n: -1, _id: 1 }).toArray()).map((d) => d._id),
      group: (await names.find({ g: 2 }).sort({ g: 1, n: -1 }).limit(50).toArray()).map((d) => d._id),
    });
    const want = await read();
    // Small records: every index and the ids come in many parts, one key's owners alone in some.
    chunking.chars = 300;
    chunking.owners = 40;
    try {
      await db.stop();
    } finally {
      chunking.chars = 2_000_000;
      chunking.owners = 1_000_000;
    }
    const again = await boot(dataDir);
    expect(again.loaded).toBe(2);
    expect(await read(coll(again.client))).toEqual(want);
  });

  it('is not used when written by another version of the layout', async () => {
    const { dataDir, db } = await seeded();
    const want = await answers(db.things);
    await db.stop();
    // The header record's version (the u32 after the record type), with its checksum made right again.
    const file = fs.readFileSync(path.join(dataDir, KEY_FILE));
    const len = file.readUInt32LE(0);
    file.writeUInt32LE(1, 12);
    file.writeUInt32LE(crc32(file.subarray(8, 8 + len)), 4);
    fs.writeFileSync(path.join(dataDir, KEY_FILE), file);
    const again = await boot(dataDir);
    expect(again.loaded).toBe(0);
    expect(await answers(again.things)).toEqual(want);
  });
});
