// What the embedded engine deliberately refuses, always against the embedded engine (a real server
// may run these): transactions (as a standalone mongod does), server-side JavaScript, geo, text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedQueryOptions } from '../../api/engine/mingo-query';
import { openTarget, type TestTarget } from './helpers';

let t: TestTarget;
beforeAll(async () => {
  t = await openTarget('refusals', {}, true);
});
afterAll(async () => t.close());

describe('refusals', () => {
  it('refuses transactions with code 20 like a standalone mongod', async () => {
    const session = t.client.startSession();
    try {
      session.startTransaction();
      const err = await t.db
        .collection('txn')
        .insertOne({ a: 1 }, { session })
        .then(() => undefined, (e: { code?: number; originalError?: { code?: number; message?: string; }; }) => e);
      // The driver wraps the server's answer (as it does against a standalone mongod).
      expect(err?.originalError?.code ?? err?.code).toBe(20);
      expect(err?.originalError?.message).toMatch(/Transaction numbers are only allowed/);
    } finally {
      await session.endSession();
    }
    expect(await t.db.collection('txn').countDocuments()).toBe(0);
  });

  it('builds its queries from one options object of mingo, with scripts off, and refuses the operator that took it as unknown', async () => {
    // False when a mingo release stops handing it over: queries still work, each copying mingo's operator table.
    expect(sharedQueryOptions).toBe(true);
    const c = t.db.collection('probe');
    await c.insertMany([{ a: 1 }, { a: 3 }]);
    expect(await c.countDocuments({ a: { $gt: 2 } })).toBe(1);
    await expect(c.findOne({ a: { $__engineQueryOptions: 1 } })).rejects.toMatchObject({ code: 2, message: /unknown query operator/ });
    await expect(c.findOne({ a: { $nosuch: 1 } })).rejects.toMatchObject({ code: 2, message: /unknown query operator/ });
  });

  it('refuses $where, geo and text queries instead of answering wrongly', async () => {
    const c = t.db.collection('refuse');
    await c.insertOne({ a: 1 });
    await expect(c.findOne({ $where: 'this.a == 1' })).rejects.toThrow(/does not support \$where/);
    await expect(c.findOne({ loc: { $geoWithin: { $centerSphere: [[0, 0], 1] } } })).rejects.toThrow(/does not support geospatial/);
    await expect(c.findOne({ $text: { $search: 'x' } })).rejects.toThrow(/does not support \$text/);
    await expect(c.aggregate([{ $match: { $where: 'true' } }]).toArray()).rejects.toThrow(/\$where/);
    await expect(c.aggregate([{ $out: 'copy' }]).toArray()).rejects.toThrow(/\$out/);
    await expect(c.createIndex({ body: 'text' })).rejects.toThrow(/does not support "text" indexes/);
    await expect(c.find({ a: 1 }, { collation: { locale: 'en', strength: 2 } }).toArray()).rejects.toThrow(/collations/);
    await expect(c.updateOne({ a: 1 }, { $set: { b: 1 } }, { collation: { locale: 'fr' } })).rejects.toThrow(/collations/);
    expect(await c.countDocuments({ b: 1 })).toBe(0);
  });
});
