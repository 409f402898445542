// Start-up fills non-unique indexes after the replay, in the background (collection.ts, indexes.ts):
// the engine serves at once, writes made while an index fills keep it exact, and whatever reads an
// index before it is full finishes it first.
import fs from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterEach, describe, expect, it } from 'vitest';
import { Collection } from '../../api/engine/collection';
import { startEngine, type RunningEngine } from '../../api/engine/index';
import { KEY_FILE } from '../../api/engine/keyfile';
import { tempDir } from './helpers';

const running: { engine: RunningEngine; client: InstanceType<typeof mongoose.mongo.MongoClient>; }[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) {
    await r.client.close();
    await r.engine.close();
  }
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** The ids the index holds under the key of `a` (a lookup, which finishes a fill first). */
const idsWith = (c: Collection, a: number) => {
  const ix = c.indexes.get('a_1')!;
  const key = ix.keysOf({ keyDoc: { a }, view: { a } })[0];
  return [...ix.lookup(key)].sort();
};
const expected = (c: Collection, a: number) =>
  [...c.docs.values()]
    .filter((e) => e.view.a === a || (Array.isArray(e.view.a) && e.view.a.includes(a)))
    .map((e) => e.id)
    .sort();

describe('indexes filled after start-up', () => {
  it('stay exact when documents change, arrive and go while the fill is under way', () => {
    const c = new Collection('db', 'c', () => undefined);
    c.deferIndexes = true;
    c.createIndex({ key: { a: 1 }, name: 'a_1' }, true);
    c.createIndex({ key: { b: 1 }, name: 'b_1' }, true);
    for (let i = 0; i < 2000; i++) c.insert({ _id: i, a: i % 10, b: i % 3 }, true);
    const ix = c.indexes.get('a_1')!;
    expect(ix.deferred).toBe(true);
    c.startDeferredIndexes();
    const fill = c.fillDeferred();
    // Outside `drive` every checkpoint is due: each step fills a few dozen documents.
    for (let i = 0; i < 3; i++) expect(fill.next().done).toBe(false);
    expect(ix.filling).toBe(true);
    c.replace(c.docs.get('n0')!, { _id: 0, a: 5 }); // already filled
    c.replace(c.docs.get('n1999')!, { _id: 1999, a: 3 }); // not reached yet
    c.remove(c.docs.get('n1998')!);
    c.insert({ _id: 5000, a: [3, 4] });
    for (let i = 0; i < 3; i++) fill.next();
    // Reading a_1 finishes the pass at once, for b_1 too.
    const b1 = c.indexes.get('b_1')!;
    expect(b1.filling).toBe(true);
    for (let a = 0; a < 10; a++) expect(idsWith(c, a)).toEqual(expected(c, a));
    expect(ix.filling).toBe(false);
    expect(b1.filling).toBe(false);
    expect(ix.multikey).toEqual([true]);
    expect(fill.next().done).toBe(true);
    c.replace(c.docs.get('n1997')!, { _id: 1997, a: 7, b: 2 });
    for (let b = 0; b < 3; b++) {
      const key = b1.keysOf({ keyDoc: { b }, view: { b } })[0];
      const want = [...c.docs.values()].filter((e) => e.view.b === b).map((e) => e.id).sort();
      expect([...b1.lookup(key)].sort()).toEqual(want);
    }
  });

  it('fills the ordered _id index (a range or sort on _id) in steps from the ids alone, exact through writes meanwhile', () => {
    const c = new Collection('db', 'c', () => undefined);
    for (let i = 0; i < 3000; i++) c.insert({ _id: i, a: i % 10 });
    expect(c.unready(false)).toBe(false);
    expect(c.unready(true)).toBe(true);
    const steps = c.ready(true);
    for (let i = 0; i < 3; i++) expect(steps.next().done).toBe(false);
    c.remove(c.docs.get('n0')!); // already walked
    c.remove(c.docs.get('n2999')!); // not reached yet
    c.insert({ _id: 5000, a: 1 });
    c.insert({ _id: -1, a: 1 });
    let n = 0;
    while (!steps.next().done) n++;
    expect(n).toBeGreaterThan(0);
    expect(c.unready(true)).toBe(false);
    const ix = c.idIndex;
    const want = [...c.docs.values()].map((e) => ix.keysOf(e)[0]).sort();
    expect([...ix.keys('', '\uffff')]).toEqual(want);
    expect(want.length).toBe(3000);
  });

  it('answers from the first command after a restart, and the planner uses the index', async () => {
    const dataDir = tempDir('engine-deferred-');
    dirs.push(dataDir);
    const open = async () => {
      const engine = await startEngine({ dataDir });
      const client = new mongoose.mongo.MongoClient(engine.uri, { directConnection: true });
      await client.connect();
      running.push({ engine, client });
      return client.db('d').collection('things');
    };
    let things = await open();
    await things.createIndex({ a: 1, b: 1 });
    await things.insertMany(Array.from({ length: 20_000 }, (_, i) => ({ _id: i as never, a: i % 7, b: i })));
    const r = running.pop()!;
    await r.client.close();
    await r.engine.close();
    things = await open();
    expect(await things.countDocuments({ a: 3, b: { $gte: 10_000 } })).toBe(1428);
    const plan = await things.find({ a: 3 }).explain();
    expect(JSON.stringify(plan.queryPlanner.winningPlan)).toContain('a_1_b_1');
    await things.insertOne({ _id: 99_999 as never, a: 3, b: 1 });
    expect(await things.countDocuments({ a: 3 })).toBe(2858);
  });

  it("lets a command wait for its collection's fill in slices: the other connections are answered meanwhile", async () => {
    const dataDir = tempDir('engine-deferred-');
    dirs.push(dataDir);
    const open = async () => {
      const engine = await startEngine({ dataDir, thread: true });
      const client = new mongoose.mongo.MongoClient(engine.uri, { directConnection: true });
      await client.connect();
      running.push({ engine, client });
      return client;
    };
    let client = await open();
    const big = () => client.db('d').collection<{ _id: number; a: number; b: string; c: number; d: string; }>('big');
    for (const key of [{ a: 1 }, { b: 1 }, { c: 1, a: 1 }, { d: 1 }] as Record<string, 1>[]) await big().createIndex(key);
    const N = 120_000;
    for (let i = 0; i < N; i += 20_000) {
      await big().insertMany(
        Array.from({ length: 20_000 }, (_, j) => ({ _id: i + j, a: (i + j) % 1000, b: `b${(i + j) * 7919 % N}`, c: (i + j) % 7, d: `d${i + j}` })),
      );
    }
    await client.db('d').collection('small').insertOne({ _id: 1 as never, s: 'here' });
    const r = running.pop()!;
    await r.client.close();
    await r.engine.close();
    fs.rmSync(path.join(dataDir, KEY_FILE)); // as after a crash: the indexes fill after start-up
    client = await open();
    const status = await client.db('admin').command({ serverStatus: 1 });
    expect(status.embedded.indexesReadyMs).toBeNull(); // still filling when the query comes
    const t0 = performance.now();
    let finished = false;
    const query = big().find({ b: { $gte: 'b5', $lt: 'b6' } }).sort({ b: 1 }).limit(3).project({ _id: 1 }).toArray().finally(() => (finished = true));
    const probes: number[] = [];
    const small = client.db('d').collection('small');
    while (!finished) {
      const p0 = performance.now();
      expect((await small.findOne({ _id: 1 as never }))?.s).toBe('here');
      if (!finished) probes.push(performance.now() - p0);
    }
    const ms = performance.now() - t0;
    const want = Array.from({ length: N }, (_, i) => `b${i}`).filter((b) => b >= 'b5' && b < 'b6').sort().slice(0, 3);
    expect((await query).map((d) => `b${(d._id * 7919) % N}`)).toEqual(want);
    // Without slices the whole fill ran inside the query: one probe, as long as the query itself.
    expect(probes.length).toBeGreaterThan(3);
    expect(probes.sort((x, y) => x - y)[Math.floor(probes.length / 2)]).toBeLessThan(ms / 3);
  }, 120_000);
});

describe('which commands wait for the ordered _id index', () => {
  it('a range or sort on _id waits for it; points ($eq, $in) are looked up by id and do not start it', async () => {
    const { needsIdOrder } = await import('../../api/engine/server');
    expect(needsIdOrder({ find: 'c', filter: { _id: { $in: ['a', 'b'] } } })).toBe(false);
    expect(needsIdOrder({ find: 'c', filter: { _id: { $eq: 'a' } } })).toBe(false);
    expect(needsIdOrder({ find: 'c', filter: { _id: 'a' } })).toBe(false);
    expect(needsIdOrder({ find: 'c', filter: { _id: { $gt: 'a' } } })).toBe(true);
    expect(needsIdOrder({ find: 'c', filter: { _id: { $in: ['a'], $lt: 'z' } } })).toBe(true);
    expect(needsIdOrder({ find: 'c', filter: {}, sort: { _id: -1 } })).toBe(true);
    expect(needsIdOrder({ update: 'c', updates: [{ q: { _id: { $nin: ['a'] } } }] })).toBe(true);
    expect(needsIdOrder({ delete: 'c', deletes: [{ q: { _id: { $in: ['a'] } } }] })).toBe(false);
  });
});
