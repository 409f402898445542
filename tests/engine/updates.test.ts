// Update operators through the driver: array operators, positional updates, $rename/$unset/$min/$max,
// $currentDate, pipeline updates, and mongod's errors for bad operands.
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTarget, type TestTarget } from './helpers';

const { ObjectId } = mongoose.mongo;
let t: TestTarget;
beforeAll(async () => {
  t = await openTarget('updates');
});
afterAll(async () => t.close());

describe('update operators', () => {
  it('applies plain $set/$unset as mongod: field order, exact types, null on a missing field, no-ops not counted', async () => {
    const c = t.db.collection('plain');
    await c.insertMany([
      { _id: 1 as never, a: 1, b: 'x', c: new mongoose.mongo.Int32(5), d: { n: 1 } },
      { _id: 2 as never, a: 2, b: 'y', c: new mongoose.mongo.Int32(5) },
    ]);
    // Equal values (5.0 = int 5, 'x' = 'x') and an absent field to unset change nothing.
    expect((await c.updateOne({ _id: 1 as never }, { $set: { b: 'x', c: new mongoose.mongo.Double(5) }, $unset: { zz: '' } })).modifiedCount).toBe(0);
    const r = await c.updateMany({}, { $set: { b: 'z', e: null, c: new mongoose.mongo.Double(6), d: 7 }, $unset: { a: '' } });
    expect([r.matchedCount, r.modifiedCount]).toEqual([2, 2]);
    const raw = await c.find({}, { promoteValues: false }).sort({ _id: 1 }).toArray();
    expect(raw.map((d) => Object.keys(d))).toEqual([
      ['_id', 'b', 'c', 'd', 'e'],
      ['_id', 'b', 'c', 'e', 'd'],
    ]);
    expect(raw[0].c._bsontype).toBe('Double');
    expect(raw.map((d) => [d.b, d.e, Number(d.d)])).toEqual([
      ['z', null, 7],
      ['z', null, 7],
    ]);
    expect(await c.countDocuments({ e: null, a: { $exists: false } })).toBe(2);
  });

  it('handles $addToSet and $pull with ObjectIds', async () => {
    const c = t.db.collection('bookings');
    const a = new ObjectId();
    const b = new ObjectId();
    await c.insertOne({ _id: 'bk' as never, declined_by: [a] });
    await c.updateOne({ _id: 'bk' as never }, { $addToSet: { declined_by: new ObjectId(a.toHexString()) } } as never);
    await c.updateOne({ _id: 'bk' as never }, { $addToSet: { declined_by: b } } as never);
    expect((await c.findOne({ _id: 'bk' as never }))?.declined_by.map(String)).toEqual([String(a), String(b)]);
    await c.updateOne({ _id: 'bk' as never }, { $set: { status: 'accepted' }, $pull: { declined_by: new ObjectId(a.toHexString()) } } as never);
    const doc = await c.findOne({ _id: 'bk' as never });
    expect(doc?.declined_by.map(String)).toEqual([String(b)]);
    expect(doc?.status).toBe('accepted');
    expect(await c.countDocuments({ declined_by: b })).toBe(1);
  });

  it('supports positional and array-filter updates, $push modifiers and $pull conditions', async () => {
    const c = t.db.collection('carts');
    await c.insertOne({
      _id: 'c1' as never,
      items: [
        { sku: 'a', qty: 1 },
        { sku: 'b', qty: 2 },
      ],
      scores: [5, 1, 9],
    });
    await c.updateOne({ _id: 'c1' as never, 'items.sku': 'b' }, { $set: { 'items.$.qty': 7 } });
    await c.updateOne({ _id: 'c1' as never }, { $inc: { 'items.$[it].qty': 10 } }, { arrayFilters: [{ 'it.sku': 'a' }] });
    await c.updateOne({ _id: 'c1' as never }, { $push: { scores: { $each: [3, 7], $sort: -1, $slice: 4 } } } as never);
    const doc = await c.findOne({ _id: 'c1' as never });
    expect(doc?.items).toEqual([
      { sku: 'a', qty: 11 },
      { sku: 'b', qty: 7 },
    ]);
    expect(doc?.scores).toEqual([9, 7, 5, 3]);
    await c.updateOne({ _id: 'c1' as never }, { $pull: { scores: { $lt: 6 } } } as never);
    await c.updateOne({ _id: 'c1' as never }, { $pop: { scores: 1 } } as never);
    expect((await c.findOne({ _id: 'c1' as never }))?.scores).toEqual([9]);
  });

  it('renames, unsets, takes min/max, multiplies and stamps dates', async () => {
    const c = t.db.collection('misc');
    await c.insertOne({ _id: 'm' as never, a: 1, b: 2, lo: 5, hi: 5, price: 2.5 });
    const before = Date.now();
    await c.updateOne({ _id: 'm' as never }, {
      $rename: { a: 'alpha' },
      $unset: { b: '' },
      $min: { lo: 3 },
      $max: { hi: 4 },
      $mul: { price: 4 },
      $currentDate: { touched: true },
    });
    const doc = await c.findOne({ _id: 'm' as never });
    expect(doc).toMatchObject({ alpha: 1, lo: 3, hi: 5, price: 10 });
    expect(doc?.b).toBeUndefined();
    expect(doc?.a).toBeUndefined();
    expect(doc?.touched).toBeInstanceOf(Date);
    expect((doc?.touched as Date).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('applies pipeline-style updates', async () => {
    const c = t.db.collection('pipe');
    await c.insertOne({ _id: 'p' as never, first: 'Ann', last: 'Lee' });
    await c.updateOne({ _id: 'p' as never }, [{ $set: { full: { $concat: ['$first', ' ', '$last'] } } }, { $unset: 'last' }]);
    expect(await c.findOne({ _id: 'p' as never })).toEqual({ _id: 'p', first: 'Ann', full: 'Ann Lee' });
  });

  it('adds with $inc and pulls plain values as mongod: the type each number had, an int32 outgrown to int64, no-ops not counted', async () => {
    const c = t.db.collection('counters');
    const { Int32, Double } = mongoose.mongo;
    await c.insertOne({ _id: 'k' as never, i: new Int32(2147483646), d: new Double(1), n: 5, tags: ['a', 'b', 'a'], at: new Date(0) });
    // Nothing moves: an $inc of 0, a value not in the list, a field not there.
    const none = await c.updateOne({ _id: 'k' as never }, { $inc: { n: 0 }, $pull: { tags: 'z', missing: 1 } } as never);
    expect(none.modifiedCount).toBe(0);
    const r = await c.updateOne({ _id: 'k' as never }, { $inc: { i: 2, d: new Int32(2), n: 1 }, $pull: { tags: 'a' }, $set: { state: 'done' } } as never);
    expect(r.modifiedCount).toBe(1);
    const raw = (await c.findOne({ _id: 'k' as never }, { promoteValues: false, promoteLongs: false }))!;
    expect(Object.keys(raw)).toEqual(['_id', 'i', 'd', 'n', 'tags', 'at', 'state']);
    expect([raw.i._bsontype, String(raw.i), raw.d._bsontype, Number(raw.d), raw.n._bsontype, Number(raw.n)]).toEqual([
      'Long',
      '2147483648',
      'Double',
      3,
      'Int32',
      6,
    ]);
    expect(raw.tags.map(String)).toEqual(['b']);
    // $pull on a value that is not an array is refused, and changes nothing.
    await expect(c.updateOne({ _id: 'k' as never }, { $pull: { at: 1 } } as never)).rejects.toMatchObject({ code: 2 });
    expect(await c.countDocuments({ state: 'done', n: 6 })).toBe(1);
  });

  it('refuses $inc on a non-numeric field or with a non-numeric amount', async () => {
    const c = t.db.collection('badinc');
    await c.insertOne({ _id: 'x' as never, s: 'text', n: 1 });
    await expect(c.updateOne({ _id: 'x' as never }, { $inc: { s: 1 } })).rejects.toMatchObject({ code: 14 });
    await expect(c.updateOne({ _id: 'x' as never }, { $inc: { n: 'one' as never } })).rejects.toMatchObject({ code: 14 });
    expect(await c.findOne({ _id: 'x' as never })).toEqual({ _id: 'x', s: 'text', n: 1 });
  });

  it("inserts an upsert of $setOnInsert, $set and $inc as mongod: the filter's fields first, exact types, a bad $inc refused", async () => {
    const c = t.db.collection('upserted');
    const { Int32, Double, Long } = mongoose.mongo;
    await c.updateOne(
      { key: 'job-1', state: { $ne: 'done' } },
      {
        $set: {
          kind: 'reminder',
          payload: { visit: 'v1', at: [1, 'a'] },
          state: 'pending',
          attempts: new Int32(0),
          c: new Double(6),
          big: Long.fromString('9007199254740993'),
        },
        $inc: { rev: 1 },
        $setOnInsert: { lease_owner: null },
      },
      { upsert: true },
    );
    const raw = await c.findOne({ key: 'job-1' }, { promoteValues: false, promoteLongs: false });
    expect(Object.keys(raw!)).toEqual(['_id', 'key', 'lease_owner', 'kind', 'payload', 'state', 'attempts', 'c', 'big', 'rev']);
    expect([raw!.c._bsontype, raw!.big._bsontype, String(raw!.big)]).toEqual(['Double', 'Long', '9007199254740993']);
    expect(await c.findOne({ key: 'job-1' }, { projection: { _id: 0, big: 0 } })).toEqual({
      key: 'job-1',
      lease_owner: null,
      kind: 'reminder',
      payload: { visit: 'v1', at: [1, 'a'] },
      state: 'pending',
      attempts: 0,
      c: 6,
      rev: 1,
    });
    // An $inc of a non-number is refused as mongod refuses it, and nothing is inserted.
    await expect(c.updateOne({ key: 'job-3' }, { $inc: { n: 'one' as never } }, { upsert: true })).rejects.toMatchObject({ code: 14 });
    expect(await c.countDocuments({ key: 'job-3' })).toBe(0);
  });

  it('counts an upsert with an $inc counter atomically (rate-limit pattern)', async () => {
    const c = t.db.collection('hits');
    const end = new Date(Date.now() + 60_000);
    const hit = () => c.findOneAndUpdate({ key: 'ip:1' }, { $inc: { count: 1 }, $setOnInsert: { expiresAt: end } }, { upsert: true, returnDocument: 'after' });
    const results = await Promise.all(Array.from({ length: 20 }, hit));
    expect(results.map((r) => r?.count).sort((x, y) => (x as number) - (y as number))).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await c.countDocuments({ key: 'ip:1' })).toBe(1);
    expect((await c.findOne({ key: 'ip:1' }))?.expiresAt).toEqual(end);
  });
});
