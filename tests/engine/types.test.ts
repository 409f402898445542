// BSON types survive the round trip and compare the way mongod compares them; unsupported features
// and transactions are refused with mongod's codes.
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTarget, type TestTarget } from './helpers';

const { Double, Int32, Long, ObjectId, Binary, Decimal128 } = mongoose.mongo;

let t: TestTarget;
beforeAll(async () => {
  t = await openTarget('types');
});
afterAll(async () => t.close());

describe('numeric and BSON types', () => {
  it('keeps 5.0 a double, int32 an int and int64 a long', async () => {
    const c = t.db.collection('nums');
    await c.insertOne({ _id: 'n' as never, d: new Double(5), i: new Int32(5), l: Long.fromNumber(5), dec: Decimal128.fromString('1.10') });
    const raw = await c.findOne({ _id: 'n' as never }, { promoteValues: false });
    expect(raw?.d).toBeInstanceOf(Double);
    expect(raw?.i).toBeInstanceOf(Int32);
    expect(raw?.l).toBeInstanceOf(Long);
    expect(String(raw?.dec)).toBe('1.10');
    expect(await c.countDocuments({ d: { $type: 'double' } })).toBe(1);
    expect(await c.countDocuments({ i: { $type: 'int' } })).toBe(1);
    // int, long and double compare numerically
    expect(await c.countDocuments({ d: 5, i: 5.0, l: 5 })).toBe(1);
    expect(await c.countDocuments({ d: { $gt: new Int32(4) }, l: { $lt: 5.5 } })).toBe(1);
    // an update elsewhere in the document leaves the double a double
    await c.updateOne({ _id: 'n' as never }, { $set: { other: 1 } });
    const again = await c.findOne({ _id: 'n' as never }, { promoteValues: false });
    expect(again?.d).toBeInstanceOf(Double);
    // $inc of a double by an int keeps a double
    await c.updateOne({ _id: 'n' as never }, { $inc: { d: 1 } });
    const inc = await c.findOne({ _id: 'n' as never }, { promoteValues: false });
    expect(inc?.d).toBeInstanceOf(Double);
    expect((inc?.d as InstanceType<typeof Double>).value).toBe(6);
  });

  it('compares int64 values beyond 2^53 exactly', async () => {
    const c = t.db.collection('longs');
    const big = Long.fromString('9007199254740993'); // 2^53 + 1
    const below = Long.fromString('9007199254740992'); // 2^53
    await c.insertMany([
      { _id: 1 as never, v: big },
      { _id: 2 as never, v: below },
    ]);
    const back = await c.findOne({ _id: 1 as never }, { useBigInt64: true });
    expect(back?.v).toBe(9007199254740993n);
    expect((await c.find({ v: big }).toArray()).map((d) => d._id)).toEqual([1]);
    expect((await c.find({ v: { $gt: below } }).toArray()).map((d) => d._id)).toEqual([1]);
    expect((await c.find({ v: { $lt: big } }).toArray()).map((d) => d._id)).toEqual([2]);
    expect((await c.find({}).sort({ v: -1 }).toArray()).map((d) => d._id)).toEqual([1, 2]);
    await c.updateOne({ _id: 2 as never }, { $set: { w: Long.fromString('9007199254740995') } });
    const w = await c.findOne({ _id: 2 as never }, { useBigInt64: true });
    expect(w?.w).toBe(9007199254740995n);
  });

  it('matches ObjectId, Date and Binary by value', async () => {
    const c = t.db.collection('values');
    const id = new ObjectId();
    const when = new Date('2026-01-02T03:04:05Z');
    await c.insertOne({ ref: id, when, bin: new Binary(Buffer.from([1, 2, 3])) });
    expect(await c.countDocuments({ ref: new ObjectId(id.toHexString()) })).toBe(1);
    expect(await c.countDocuments({ when: new Date(when.getTime()) })).toBe(1);
    expect(await c.countDocuments({ when: { $gte: new Date('2026-01-01') } })).toBe(1);
    expect(await c.countDocuments({ bin: new Binary(Buffer.from([1, 2, 3])) })).toBe(1);
    expect(await c.countDocuments({ bin: new Binary(Buffer.from([1, 2, 4])) })).toBe(0);
    const doc = await c.findOne({ ref: id });
    expect(doc?.when).toEqual(when);
    expect(doc?.ref.equals(id)).toBe(true);
  });
});

describe('errors', () => {
  it('answers NamespaceNotFound for listIndexes of a missing collection', async () => {
    await expect(t.db.collection('missing_coll').listIndexes().toArray()).rejects.toMatchObject({ code: 26 });
  });

  it('rejects an unknown query operator even on an empty collection', async () => {
    await expect(t.db.collection('empty_coll').findOne({ a: { $bogusOp: 1 } })).rejects.toMatchObject({ code: 2 });
  });

  it('rejects unknown commands', async () => {
    await expect(t.db.command({ noSuchCommandHere: 1 })).rejects.toMatchObject({ code: 59 });
  });

  it('answers w:0 writes without a reply and keeps serving', async () => {
    const c = t.db.collection('unack');
    await c.insertOne({ a: 1 }, { writeConcern: { w: 0 } });
    // An acknowledged command afterwards proves the connection stayed in step.
    await expect.poll(() => c.countDocuments({ a: 1 })).toBe(1);
  });
});
