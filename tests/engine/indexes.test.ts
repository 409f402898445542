// Index behaviour through the driver: ordered/unordered batches, sparse and partial unique indexes,
// building a unique index over duplicates, dropping indexes, and index-backed lookups on big data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTarget, type TestTarget } from './helpers';

let t: TestTarget;
beforeAll(async () => {
  t = await openTarget('indexes');
});
afterAll(async () => t.close());

describe('indexes', () => {
  it('stops an ordered batch at the first duplicate and reports its index', async () => {
    const c = t.db.collection('ordered');
    await c.createIndex({ k: 1 }, { unique: true });
    const err = await c.insertMany([{ k: 1 }, { k: 2 }, { k: 1 }, { k: 3 }]).then(
      () => undefined,
      (e: { code: number; writeErrors: { index: number; code: number; }[] | { index: number; code: number; }; result?: { insertedCount: number; }; }) => e,
    );
    expect(err?.code).toBe(11000);
    expect([err?.writeErrors].flat()[0]).toMatchObject({ index: 2, code: 11000 });
    expect((await c.find().toArray()).map((d) => d.k)).toEqual([1, 2]);
  });

  it('lets documents without the field share a sparse unique index', async () => {
    const c = t.db.collection('sparse');
    await c.createIndex({ phone: 1 }, { unique: true, sparse: true });
    await c.insertMany([{ a: 1 }, { a: 2 }, { phone: '1' }]);
    await expect(c.insertOne({ phone: '1' })).rejects.toMatchObject({ code: 11000 });
    expect(await c.countDocuments({ phone: null })).toBe(2);
  });

  it('applies a partial unique index only to matching documents', async () => {
    const c = t.db.collection('partial');
    await c.createIndex({ email: 1 }, { unique: true, partialFilterExpression: { active: true } });
    await c.insertMany([
      { email: 'x', active: false },
      { email: 'x', active: false },
      { email: 'x', active: true },
    ]);
    await expect(c.insertOne({ email: 'x', active: true })).rejects.toMatchObject({ code: 11000 });
    expect(await c.countDocuments({ email: 'x' })).toBe(3);
  });

  it('refuses to build a unique index over duplicates, and drops indexes', async () => {
    const c = t.db.collection('builds');
    await c.insertMany([{ v: 1 }, { v: 1 }]);
    await expect(c.createIndex({ v: 1 }, { unique: true })).rejects.toMatchObject({ code: 11000 });
    expect((await c.indexes()).map((i) => i.name)).toEqual(['_id_']);
    await c.createIndex({ v: 1 }, { name: 'v_plain' });
    expect((await c.indexes()).map((i) => i.name)).toEqual(['_id_', 'v_plain']);
    await c.dropIndex('v_plain');
    expect((await c.indexes()).map((i) => i.name)).toEqual(['_id_']);
    await expect(c.dropIndex('nope')).rejects.toMatchObject({ code: 27 });
  });

  it('finds by unique key, $in and compound keys without losing matches', async () => {
    const c = t.db.collection('lookups');
    await c.createIndex({ email: 1 }, { unique: true });
    await c.createIndex({ a: 1, b: 1 });
    await c.insertMany(Array.from({ length: 5000 }, (_, i) => ({ email: `u${i}@x`, a: i % 10, b: i % 7, tags: [`t${i % 3}`] })));
    expect((await c.findOne({ email: 'u4321@x' }))?.a).toBe(1);
    expect(await c.countDocuments({ email: { $in: ['u1@x', 'u2@x', 'missing'] } })).toBe(2);
    expect(await c.countDocuments({ a: 3, b: 4 })).toBe(Array.from({ length: 5000 }, (_, i) => i).filter((i) => i % 10 === 3 && i % 7 === 4).length);
    expect(await c.countDocuments({ a: 3, b: 4, email: /u1/ })).toBe(
      Array.from({ length: 5000 }, (_, i) => i).filter((i) => i % 10 === 3 && i % 7 === 4 && `u${i}@x`.includes('u1')).length,
    );
    expect(await c.countDocuments({ email: 'u1@x', a: 2 })).toBe(0);
    await c.updateOne({ email: 'u7@x' }, { $set: { email: 'seven@x' } });
    expect(await c.countDocuments({ email: 'u7@x' })).toBe(0);
    expect(await c.countDocuments({ email: 'seven@x' })).toBe(1);
  });
});
