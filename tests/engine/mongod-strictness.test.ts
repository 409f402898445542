// Statements MongoDB 7.0 refuses are refused here too, with its codes and words, so code that passes
// on the embedded engine does not fail in production: an unknown field (`sort`) in an update
// statement, a `$`-prefixed name inside an `_id`. And pipeline updates that replace the root give
// mongod's document (the `_id` kept and first).
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTarget, type TestTarget } from './helpers';

let t: TestTarget;
let sortAllowed = false; // MongoDB 8.0 accepts `sort` in update statements; 7.0 (and the engine) refuse it
beforeAll(async () => {
  t = await openTarget('strictness');
  const info = await t.db.admin().command({ buildInfo: 1 });
  sortAllowed = Number(String(info.version).split('.')[0]) >= 8;
});
afterAll(async () => t.close());

type Coll = ReturnType<TestTarget['db']['collection']>;
async function seeded(name: string): Promise<Coll> {
  const c = t.db.collection(name);
  await c.insertMany([{ _id: 1, x: 11 }, { _id: 2, x: 22 }, { _id: 3, x: 33 }] as never[]);
  return c;
}
const all = (c: Coll) => c.find({}, { sort: { _id: 1 } }).toArray();
const failure = (p: Promise<unknown>) => p.then(() => undefined, (e: { code?: number; errmsg?: string; message?: string; }) => e);

describe('update statements with fields MongoDB 7.0 does not know', () => {
  it('refuses `sort` in updateOne and replaceOne as an unknown field, changing nothing', async () => {
    const c = await seeded('sort_refused');
    const up = await failure(c.updateOne({ _id: { $gt: 1 } } as never, { $inc: { x: 1 } }, { sort: { _id: -1 } }));
    const rep = await failure(c.replaceOne({ _id: { $gt: 1 } } as never, { x: 99 }, { sort: { _id: -1 } }));
    if (sortAllowed) {
      expect([up, rep]).toEqual([undefined, undefined]);
      return;
    }
    expect(up).toMatchObject({ code: 40415, message: "BSON field 'update.updates.sort' is an unknown field." });
    expect(rep).toMatchObject({ code: 40415, message: "BSON field 'update.updates.sort' is an unknown field." });
    expect(await all(c)).toEqual([{ _id: 1, x: 11 }, { _id: 2, x: 22 }, { _id: 3, x: 33 }]);
  });

  it('refuses the whole command before any statement runs, whatever the unknown field', async () => {
    const c = await seeded('unknown_field');
    const reply = await failure(
      t.db.command({ update: 'unknown_field', updates: [{ q: { _id: 1 }, u: { $set: { x: 0 } } }, { q: { _id: 2 }, u: { $set: { x: 0 } }, limit: 1 }] }),
    );
    expect(reply).toMatchObject({ code: 40415, message: "BSON field 'update.updates.limit' is an unknown field." });
    expect(await all(c)).toEqual([{ _id: 1, x: 11 }, { _id: 2, x: 22 }, { _id: 3, x: 33 }]);
  });

  it('still takes a sort in findOneAndUpdate (findAndModify has one) and the fields 7.0 knows', async () => {
    const c = await seeded('sort_findandmodify');
    const before = await c.findOneAndUpdate({ _id: { $gt: 1 } } as never, { $inc: { x: 1 } }, { sort: { _id: -1 } });
    expect(before).toEqual({ _id: 3, x: 33 });
    await c.updateOne({ _id: 1 } as never, { $set: { x: 12 } }, { hint: { _id: 1 }, upsert: false });
    await c.updateMany({ _id: { $lt: 3 } } as never, [{ $set: { y: 1 } }]);
    expect(await all(c)).toEqual([{ _id: 1, x: 12, y: 1 }, { _id: 2, x: 22, y: 1 }, { _id: 3, x: 34 }]);
  });

  it('refuses a mongoose updateOne query given a sort the same way', async () => {
    const M = t.conn.model('SortedUpdate', new mongoose.Schema({ n: Number }), 'sorted_update');
    await M.create([{ n: 1 }, { n: 2 }]);
    const e = await failure(M.updateOne({}, { $set: { n: 5 } }).sort({ n: -1 }).exec());
    if (sortAllowed) expect(e).toBeUndefined();
    else expect(e).toMatchObject({ code: 40415 });
  });
});

describe('`$`-prefixed names inside _id', () => {
  const refusal = (name: string) => ({ code: 52, message: `_id fields may not contain '$'-prefixed fields: ${name} is not valid for storage.` });

  it('refuses them on insert, at any depth, and stores nothing', async () => {
    const c = t.db.collection('dollar_id');
    expect(await failure(c.insertOne({ _id: { $a: 1 } } as never))).toMatchObject(refusal('$a'));
    expect(await failure(c.insertOne({ _id: { a: { b: [{ $c: 1 }] } } } as never))).toMatchObject(refusal('$c'));
    const many = await failure(c.insertMany([{ _id: 1 }, { _id: { x: 1, $y: 2 } }, { _id: 3 }] as never[]));
    expect(many).toMatchObject({ code: 52 });
    expect((await all(c)).map((d) => d._id)).toEqual([1]); // ordered: stops at the refused one
  });

  it('refuses them in a replacement upsert and in findOneAndReplace, keeps them allowed elsewhere', async () => {
    const c = t.db.collection('dollar_id_upsert');
    expect(await failure(c.replaceOne({ _id: 5 } as never, { _id: { $k: 1 }, v: 1 } as never, { upsert: true }))).toMatchObject(refusal('$k'));
    expect(await failure(c.findOneAndReplace({ v: 7 }, { _id: { $k: 1 }, v: 7 } as never, { upsert: true }))).toMatchObject({ code: 52 });
    expect(await c.countDocuments()).toBe(0);
    // Since MongoDB 5.0 such names are stored outside _id; a dotted name or a DBRef inside _id too.
    await c.insertOne({ _id: 1, a: { $b: 1 } } as never);
    await c.insertOne({ _id: { 'a.b': 1 } } as never);
    await c.insertOne({ _id: { $ref: 'other', $id: 1, $db: 'db' } } as never);
    expect(await c.countDocuments()).toBe(3);
  });
});

describe('pipeline updates that replace the root', () => {
  it("keep the document's _id, first, when the new root has none", async () => {
    const c = t.db.collection('replace_root');
    await c.insertMany([{ _id: 1, t: { u: { v: 1 } } }, { _id: 2, x: 2, y: 1 }] as never[]);
    const r = await c.updateOne({ _id: 1 } as never, [{ $replaceRoot: { newRoot: '$t' } }, { $addFields: { foo: 1 } }]);
    expect([r.matchedCount, r.modifiedCount]).toEqual([1, 1]);
    await c.updateMany({ _id: 2 } as never, [{ $replaceWith: { z: '$x' } }]);
    await c.updateOne({ _id: 2 } as never, [{ $unset: '_id' }]); // no change: _id stays
    const docs = await all(c);
    expect(docs).toEqual([{ _id: 1, u: { v: 1 }, foo: 1 }, { _id: 2, z: 2 }]);
    expect(docs.map((d) => Object.keys(d)[0])).toEqual(['_id', '_id']);
  });

  it('refuses a new root with another _id, accepts one with the same _id anywhere in it', async () => {
    const c = t.db.collection('replace_root_id');
    await c.insertOne({ _id: 1, a: 1 } as never);
    const e = await failure(c.updateOne({ _id: 1 } as never, [{ $replaceWith: { _id: 2, a: 1 } }]));
    expect(e).toMatchObject({ code: 66 });
    await c.updateOne({ _id: 1 } as never, [{ $replaceWith: { b: 2, _id: '$_id' } }]);
    const [doc] = await all(c);
    expect(doc).toEqual({ _id: 1, b: 2 });
    expect(Object.keys(doc)).toEqual(['_id', 'b']);
  });

  it("upserts with the filter's _id when the pipeline replaces the root", async () => {
    const c = t.db.collection('replace_root_upsert');
    const r = await c.updateOne({ _id: 7 } as never, [{ $replaceWith: { made: true } }], { upsert: true });
    expect(r.upsertedId).toBe(7);
    expect(await all(c)).toEqual([{ _id: 7, made: true }]);
  });
});
