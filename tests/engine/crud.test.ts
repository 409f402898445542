// CRUD and query operators through the plain driver (the one mongoose nests).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTarget, type TestTarget } from './helpers';

let t: TestTarget;
beforeAll(async () => {
  t = await openTarget('crud');
});
afterAll(async () => t.close());

describe('CRUD through the driver', () => {
  it('inserts, finds, updates and deletes', async () => {
    const c = t.db.collection('people');
    const r = await c.insertMany([
      { name: 'Ann', age: 31, city: 'Leeds', tags: ['a', 'b'] },
      { name: 'Bob', age: 25, city: 'York', tags: ['b'] },
      { name: 'Cat', age: 40, city: 'Leeds', tags: [] },
    ]);
    expect(r.insertedCount).toBe(3);
    expect((await c.findOne({ name: 'Bob' }))?.age).toBe(25);
    expect((await c.find({ city: 'Leeds' }).toArray()).map((d) => d.name).sort()).toEqual(['Ann', 'Cat']);
    const u = await c.updateOne({ name: 'Ann' }, { $inc: { age: 1 }, $push: { tags: 'c' } } as never);
    expect(u.matchedCount).toBe(1);
    expect(u.modifiedCount).toBe(1);
    const ann = await c.findOne({ name: 'Ann' });
    expect(ann?.age).toBe(32);
    expect(ann?.tags).toEqual(['a', 'b', 'c']);
    const many = await c.updateMany({ city: 'Leeds' }, { $set: { region: 'North' } });
    expect(many.modifiedCount).toBe(2);
    const same = await c.updateOne({ name: 'Bob' }, { $set: { age: 25 } });
    expect(same.matchedCount).toBe(1);
    expect(same.modifiedCount).toBe(0);
    const d = await c.deleteMany({ region: 'North' });
    expect(d.deletedCount).toBe(2);
    expect(await c.countDocuments()).toBe(1);
    const rep = await c.replaceOne({ name: 'Bob' }, { name: 'Robert', age: 26 });
    expect(rep.modifiedCount).toBe(1);
    const bob = await c.findOne({ name: 'Robert' });
    expect(bob).toMatchObject({ name: 'Robert', age: 26 });
    expect(bob?.city).toBeUndefined();
  });

  it('supports comparison, logical, element and array operators', async () => {
    const c = t.db.collection('ops');
    await c.insertMany([
      { n: 1, s: 'apple', arr: [1, 2, 3], sub: { k: 'x' } },
      { n: 2, s: 'banana', arr: [4], sub: { k: 'y' } },
      { n: 3, s: 'cherry', arr: [], opt: null },
      { n: 4, s: 'date', arr: [2, 9], sub: { k: 'x' } },
    ]);
    const names = async (f: object) => (await c.find(f).sort({ n: 1 }).toArray()).map((d) => d.n);
    expect(await names({ n: { $gt: 1, $lte: 3 } })).toEqual([2, 3]);
    expect(await names({ n: { $in: [1, 4] } })).toEqual([1, 4]);
    expect(await names({ n: { $nin: [1, 4] } })).toEqual([2, 3]);
    expect(await names({ $or: [{ s: 'apple' }, { n: 4 }] })).toEqual([1, 4]);
    expect(await names({ s: { $regex: '^b' } })).toEqual([2]);
    expect(await names({ s: /an/ })).toEqual([2]);
    expect(await names({ 'sub.k': 'x' })).toEqual([1, 4]);
    expect(await names({ arr: 2 })).toEqual([1, 4]);
    expect(await names({ arr: { $size: 0 } })).toEqual([3]);
    expect(await names({ arr: { $elemMatch: { $gt: 5 } } })).toEqual([4]);
    expect(await names({ arr: { $all: [2, 9] } })).toEqual([4]);
    expect(await names({ opt: { $exists: true } })).toEqual([3]);
    expect(await names({ opt: null })).toEqual([1, 2, 3, 4]);
    expect(await names({ sub: { $exists: false } })).toEqual([3]);
    expect(await names({ n: { $not: { $gt: 2 } } })).toEqual([1, 2]);
    expect(await names({ $expr: { $gt: ['$n', 3] } })).toEqual([4]);
    expect(await names({ _id: { $exists: true }, n: { $type: 'number' } })).toEqual([1, 2, 3, 4]);
  });

  it('sorts, skips, limits and projects', async () => {
    const c = t.db.collection('sorting');
    await c.insertMany([
      { a: 2, b: 'x', secret: 1 },
      { a: 1, b: 'y', secret: 2 },
      { a: 3, b: 'x', secret: 3 },
      { a: 1, b: 'z', secret: 4 },
    ]);
    const docs = await c.find({}, { projection: { _id: 0, a: 1, b: 1 } }).sort({ a: 1, b: -1 }).skip(1).limit(2).toArray();
    expect(docs).toEqual([
      { a: 1, b: 'y' },
      { a: 2, b: 'x' },
    ]);
    const excl = await c.findOne({ a: 3 }, { projection: { secret: 0 } });
    expect(Object.keys(excl!)).toEqual(['_id', 'a', 'b']);
    const incl = await c.findOne({ a: 3 }, { projection: { b: 1 } });
    expect(Object.keys(incl!)).toEqual(['_id', 'b']);
    const desc = await c.find().sort({ secret: -1 }).limit(1).toArray();
    expect(desc[0].secret).toBe(4);

    // MongoDB's order across types and for arrays (smallest element ascending, largest descending).
    const mixed = t.db.collection('mixed');
    await mixed.insertMany([
      { k: 'str', v: 'a' },
      { k: 'num', v: 10 },
      { k: 'null', v: null },
      { k: 'missing' },
      { k: 'date', v: new Date(0) },
      { k: 'bool', v: true },
      { k: 'arr', v: [50, 1] },
    ]);
    const asc = (await mixed.find().sort({ v: 1, k: 1 }).toArray()).map((d) => d.k);
    expect(asc).toEqual(['missing', 'null', 'arr', 'num', 'str', 'bool', 'date']);
    const byDesc = (await mixed.find({ k: { $in: ['num', 'arr'] } }).sort({ v: -1 }).toArray()).map((d) => d.k);
    expect(byDesc).toEqual(['arr', 'num']);
  });

  it('serves large results through getMore batches', async () => {
    const c = t.db.collection('many');
    await c.insertMany(Array.from({ length: 1000 }, (_, i) => ({ i })));
    const cursor = c.find({}, { batchSize: 100 }).sort({ i: 1 });
    const seen: number[] = [];
    for await (const d of cursor) seen.push(d.i as number);
    expect(seen.length).toBe(1000);
    expect(seen[0]).toBe(0);
    expect(seen[999]).toBe(999);
    expect(new Set(seen).size).toBe(1000);
    // A cursor closed early is killed without error.
    const early = c.find({}, { batchSize: 10 });
    await early.next();
    await early.close();
    expect(await c.countDocuments({ i: { $gte: 500 } })).toBe(500);
    expect(await c.estimatedDocumentCount()).toBe(1000);
    expect((await c.distinct('i', { i: { $lt: 3 } })).sort()).toEqual([0, 1, 2]);
  });

  it('aggregates', async () => {
    const c = t.db.collection('orders');
    await c.insertMany([
      { cust: 'a', amount: 10 },
      { cust: 'b', amount: 5 },
      { cust: 'a', amount: 7 },
    ]);
    const out = await c.aggregate([{ $match: { amount: { $gte: 5 } } }, { $group: { _id: '$cust', total: { $sum: '$amount' } } }, { $sort: { _id: 1 } }])
      .toArray();
    expect(out).toEqual([
      { _id: 'a', total: 17 },
      { _id: 'b', total: 5 },
    ]);
    await t.db.collection('customers').insertMany([
      { _id: 'a' as never, name: 'Ann' },
      { _id: 'b' as never, name: 'Bob' },
    ]);
    const joined = await c
      .aggregate([
        { $sort: { amount: -1 } },
        { $lookup: { from: 'customers', localField: 'cust', foreignField: '_id', as: 'who' } },
        { $unwind: '$who' },
        { $project: { _id: 0, amount: 1, name: '$who.name' } },
      ])
      .toArray();
    expect(joined).toEqual([
      { amount: 10, name: 'Ann' },
      { amount: 7, name: 'Ann' },
      { amount: 5, name: 'Bob' },
    ]);
    expect(await c.aggregate([{ $match: { cust: 'a' } }, { $count: 'n' }]).toArray()).toEqual([{ n: 2 }]);
    // The stored documents are untouched by stages that add fields.
    await c.aggregate([{ $addFields: { extra: 1 } }]).toArray();
    expect(await c.countDocuments({ extra: { $exists: true } })).toBe(0);
  });

  it('upserts with $setOnInsert and returns documents from findOneAndUpdate', async () => {
    const c = t.db.collection('upserts');
    const r1 = await c.updateOne({ key: 'k1' }, { $set: { v: 1 }, $setOnInsert: { created: 'first' } }, { upsert: true });
    expect(r1.upsertedCount).toBe(1);
    expect(r1.upsertedId).toBeTruthy();
    const r2 = await c.updateOne({ key: 'k1' }, { $set: { v: 2 }, $setOnInsert: { created: 'second' } }, { upsert: true });
    expect(r2.upsertedCount).toBe(0);
    expect(r2.matchedCount).toBe(1);
    expect(await c.findOne({ key: 'k1' }, { projection: { _id: 0 } })).toEqual({ key: 'k1', v: 2, created: 'first' });

    const before = await c.findOneAndUpdate({ key: 'k1' }, { $inc: { v: 5 } }, { returnDocument: 'before' });
    expect(before?.v).toBe(2);
    const after = await c.findOneAndUpdate({ key: 'k1' }, { $inc: { v: 5 } }, { returnDocument: 'after' });
    expect(after?.v).toBe(12);
    const created = await c.findOneAndUpdate({ key: 'k2' }, { $setOnInsert: { v: 0 } }, { upsert: true, returnDocument: 'after' });
    expect(created).toMatchObject({ key: 'k2', v: 0 });
    const none = await c.findOneAndUpdate({ key: 'nope' }, { $set: { v: 1 } });
    expect(none).toBeNull();
    const removed = await c.findOneAndDelete({ key: 'k2' });
    expect(removed?.key).toBe('k2');
    expect(await c.countDocuments({ key: 'k2' })).toBe(0);
    const replaced = await c.findOneAndReplace({ key: 'k1' }, { key: 'k1', fresh: true }, { returnDocument: 'after' });
    expect(replaced).toMatchObject({ key: 'k1', fresh: true });
    expect(replaced?.v).toBeUndefined();
  });

  it('rejects changing _id and reports unknown modifiers', async () => {
    const c = t.db.collection('immutable');
    await c.insertOne({ _id: 'x' as never, v: 1 });
    await expect(c.updateOne({ _id: 'x' as never }, { $set: { _id: 'y' } })).rejects.toMatchObject({ code: 66 });
    await expect(c.updateOne({ _id: 'x' as never }, { $bogus: { v: 1 } } as never)).rejects.toThrow(/Unknown modifier/);
    await expect(c.insertOne({ _id: 'x' as never })).rejects.toMatchObject({ code: 11000 });
  });
});
