// A compound index whose first field is a range still narrows the walk by its later fields: each key's
// later parts are tested before its documents are fetched, as mongod's index bounds do. Checked with
// explain's executionStats (documents examined = documents that match), which a real MongoDB answers
// the same way (MONGODB_URI), and with answers computed in plain JS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexesUsed } from './explain';
import { openTarget, type TestTarget } from './helpers';

let t: TestTarget;
const base = Date.UTC(2026, 0, 1);
interface Row {
  _id: number;
  accepted_at: Date;
  accept_wait_min?: number | null;
  tags?: number[] | number;
  name?: string;
}
// 3 000 acceptances a minute apart; the wait is stored for most, null for every 40th, missing for
// every 61st (a booking accepted before the field existed).
const rows: Row[] = Array.from({ length: 3000 }, (_, i) => {
  const r: Row = { _id: i, accepted_at: new Date(base + i * 60_000) };
  if (i % 61 !== 0) r.accept_wait_min = i % 40 === 0 ? null : (i * 7) % 180;
  return r;
});
const from = new Date(base + 500 * 60_000);
const to = new Date(base + 2500 * 60_000);
const inPeriod = (r: Row) => r.accepted_at >= from && r.accepted_at < to;
const period = { $gte: from, $lt: to };
const sortedIds = (docs: { _id: unknown; }[]) => docs.map((d) => Number(d._id)).sort((a, b) => a - b);

beforeAll(async () => {
  t = await openTarget('later_fields');
  const c = t.db.collection<Row>('waits');
  await c.insertMany(rows.map((r) => ({ ...r })));
  await c.createIndex({ accepted_at: -1, accept_wait_min: 1 });
});
afterAll(async () => t.close());

const stats = async (filter: object, sort?: object, limit?: number) => {
  let cur = t.db.collection<Row>('waits').find(filter);
  if (sort) cur = cur.sort(sort as never);
  if (limit) cur = cur.limit(limit);
  const e = (await cur.explain('executionStats')) as { executionStats: { nReturned: number; totalDocsExamined: number; }; };
  return { used: indexesUsed(e), returned: e.executionStats.nReturned, examined: e.executionStats.totalDocsExamined };
};

describe('a range on the first field, a condition on a later one', () => {
  it("fetches only the documents whose key has a null wait (the office figures' missing waits)", async () => {
    const filter = { accepted_at: period, accept_wait_min: null };
    const want = rows.filter((r) => inPeriod(r) && (r.accept_wait_min ?? null) === null).map((r) => r._id);
    expect(sortedIds(await t.db.collection<Row>('waits').find(filter).toArray())).toEqual(want);
    expect(want.length).toBe(81); // of 2 000 in the period
    expect(await stats(filter)).toEqual({ used: ['accepted_at_-1_accept_wait_min_1'], returned: 81, examined: 81 });
  });

  it('tests ranges, $in and $ne: null on the later field the same way', async () => {
    const cases: [object, (r: Row) => boolean][] = [
      [{ $gte: 60, $lt: 70 }, (r) => typeof r.accept_wait_min === 'number' && r.accept_wait_min >= 60 && r.accept_wait_min < 70],
      [{ $in: [0, 7, 14] }, (r) => [0, 7, 14].includes(r.accept_wait_min as number)],
      [{ $ne: null }, (r) => r.accept_wait_min !== undefined && r.accept_wait_min !== null],
      [{ $gt: 500 }, () => false],
    ];
    for (const [cond, keep] of cases) {
      const filter = { accepted_at: period, accept_wait_min: cond };
      const want = rows.filter((r) => inPeriod(r) && keep(r)).map((r) => r._id);
      expect(sortedIds(await t.db.collection<Row>('waits').find(filter).toArray())).toEqual(want);
      expect(await stats(filter)).toMatchObject({ returned: want.length, examined: want.length });
    }
  });

  it('keeps the index order for a page sorted on the range field', async () => {
    const filter = { accepted_at: period, accept_wait_min: null };
    const want = rows.filter((r) => inPeriod(r) && (r.accept_wait_min ?? null) === null).map((r) => r._id).reverse().slice(0, 5);
    const got = await t.db.collection<Row>('waits').find(filter).sort({ accepted_at: -1 }).limit(5).toArray();
    expect(got.map((d) => d._id)).toEqual(want);
  });
});

describe('what a key test must not drop', () => {
  it('leaves an array field to the document test (two elements may meet the two ends of a range)', async () => {
    const c = t.db.collection<Row>('arrays');
    await c.insertMany([
      { _id: 1, accepted_at: new Date(base), tags: [1, 10] },
      { _id: 2, accepted_at: new Date(base + 1), tags: 6 },
      { _id: 3, accepted_at: new Date(base + 2), tags: [1, 2] },
      { _id: 4, accepted_at: new Date(base + 3), tags: 9 },
    ]);
    await c.createIndex({ accepted_at: 1, tags: 1 });
    const got = await c.find({ accepted_at: { $gte: new Date(base) }, tags: { $gt: 5, $lt: 8 } }).toArray();
    expect(sortedIds(got)).toEqual([1, 2]);
  });

  it('reads a later part behind an earlier string holding the separator character', async () => {
    const c = t.db.collection<Row>('names');
    const names = ['a\u0000b', 'a', 'a\u0000', 'b\u0000\u0000c', 'c'];
    await c.insertMany(names.flatMap((name, i) => [0, 1, 2].map((w) => ({ _id: i * 10 + w, accepted_at: new Date(base), name, accept_wait_min: w }))));
    await c.createIndex({ name: 1, accept_wait_min: 1 });
    const got = await c.find({ name: { $gte: 'a' }, accept_wait_min: 1 }).toArray();
    expect(sortedIds(got)).toEqual([1, 11, 21, 31, 41]);
  });
});
