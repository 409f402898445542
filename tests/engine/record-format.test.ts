// Journal and snapshot records: documents are journaled as their stored bytes (`docs` records), and a
// data directory written before that (one `put` record per document) still reads back.
import fs from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterEach, describe, expect, it } from 'vitest';
import { startEngine, type RunningEngine } from '../../api/engine/index';
import { docsRecord, frame, readRecords } from '../../api/engine/journal';
import { tempDir } from './helpers';

const { Int32, Double, Long, ObjectId, serialize } = { ...mongoose.mongo, ...mongoose.mongo.BSON };
const running: { engine: RunningEngine; client: InstanceType<typeof mongoose.mongo.MongoClient>; }[] = [];
const dirs: string[] = [];

async function open(dataDir: string) {
  const engine = await startEngine({ dataDir });
  const client = new mongoose.mongo.MongoClient(engine.uri, { directConnection: true });
  await client.connect();
  running.push({ engine, client });
  return client.db('fmt').collection('things');
}

afterEach(async () => {
  for (const r of running.splice(0)) {
    await r.client.close();
    await r.engine.close();
  }
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

// A document whose own fields are named like the record's: `docs` (an array of objects) and `o`.
const tricky = () => ({ _id: new ObjectId('64b000000000000000000001'), o: 'put', docs: [{ a: 1 }, { b: new Long(7) }], n: new Int32(3), x: new Double(2) });

describe('journal record format', () => {
  it('builds a docs record byte for byte as the BSON encoder would', () => {
    const docs = [tricky(), { _id: 2, s: 'é€😀' }];
    const built = docsRecord('fmt.things', docs.map((d) => serialize(d)));
    expect(Buffer.from(built).equals(Buffer.from(serialize({ o: 'docs', ns: 'fmt.things', docs })))).toBe(true);
  });

  it('reads back a data directory of one put record per document, fields named docs included', async () => {
    const dataDir = tempDir('engine-format-');
    dirs.push(dataDir);
    fs.mkdirSync(dataDir, { recursive: true });
    const records = [
      { o: 'coll', ns: 'fmt.things' },
      { o: 'put', ns: 'fmt.things', d: tricky() },
      { o: 'put', ns: 'fmt.things', d: { _id: 2, name: 'two' } },
      { o: 'put', ns: 'fmt.things', d: { _id: 2, name: 'two again' } },
      { o: 'docs', ns: 'fmt.things', docs: [{ _id: 3, docs: [{ deep: true }] }] },
    ];
    fs.writeFileSync(path.join(dataDir, 'journal.0.bson'), Buffer.concat(records.map(frame)));
    const things = await open(dataDir);
    const one = await things.findOne({ _id: tricky()._id }, { promoteValues: false });
    expect(one?.docs).toEqual([{ a: new Int32(1) }, { b: new Long(7) }]);
    expect(one?.n).toBeInstanceOf(Int32);
    expect(one?.x).toBeInstanceOf(Double);
    expect((await things.findOne({ _id: 2 as never }))?.name).toBe('two again');
    expect((await things.findOne({ _id: 3 as never }))?.docs).toEqual([{ deep: true }]);
  });

  it('journals a write as a docs record holding the document, and restarts from it', async () => {
    const dataDir = tempDir('engine-format-');
    dirs.push(dataDir);
    let things = await open(dataDir);
    await things.insertOne(tricky());
    await things.updateOne({ _id: tricky()._id }, { $set: { n: 4 } });
    const seen: string[] = [];
    readRecords(path.join(dataDir, 'journal.0.bson'), (r) => seen.push(String(r.o)));
    expect(seen.filter((o) => o === 'docs')).toHaveLength(2);
    expect(seen).not.toContain('put');
    const r = running.pop()!;
    await r.client.close();
    await r.engine.close();
    things = await open(dataDir);
    const back = await things.findOne({ _id: tricky()._id }, { promoteValues: false });
    expect(back).toMatchObject({ o: 'put', n: new Int32(4), docs: [{ a: new Int32(1) }, { b: new Long(7) }] });
  });
});
