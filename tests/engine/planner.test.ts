// Ordered indexes and the planner: ranges, $in, sort order, compound prefixes, multikey arrays and
// explain. Expected answers are computed in plain JS from the inserted data, so the same file runs
// against a real MongoDB (MONGODB_URI) to check that the engine answers and plans the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTarget, type TestTarget } from './helpers';
import { indexesUsed } from './explain';

let t: TestTarget;
const { ObjectId } = (await import('mongoose')).default.mongo;
const employees = Array.from({ length: 40 }, () => new ObjectId());
const base = Date.UTC(2026, 0, 1);
const STATUSES = ['pending', 'accepted', 'done', 'cancelled'];

interface Booking {
  _id: InstanceType<typeof ObjectId>;
  n: number | string;
  status: string;
  accepted_by: InstanceType<typeof ObjectId> | null;
  created: Date;
  declined_by: InstanceType<typeof ObjectId>[];
  scores: number[];
}
// Status is skewed (most bookings are 'done'), so `status` is a poor index for an employee's bookings.
const bookings: Booking[] = Array.from({ length: 2000 }, (_, i) => ({
  _id: new ObjectId(),
  n: i % 97 === 0 ? `s${i}` : i,
  status: i % 10 === 0 ? STATUSES[(i / 10) % 4] : 'done',
  accepted_by: i % 3 === 0 ? null : employees[i % 40],
  // Runs of equal dates, to check ties under a sort on (date, _id).
  created: new Date(base + Math.floor(i / 3) * 60_000),
  declined_by: i % 5 === 0 ? [employees[(i + 1) % 40], employees[(i + 2) % 40]] : [],
  scores: i % 7 === 0 ? [1, 10] : [i % 10],
}));
const ids = (docs: { _id: unknown; }[]) => docs.map((d) => String(d._id));
const cmp = (a: number, b: number) => a - b;

beforeAll(async () => {
  t = await openTarget('planner');
  const c = t.db.collection<Booking>('bookings');
  await c.insertMany(bookings.map((b) => ({ ...b })));
  await c.createIndexes([
    { key: { n: 1 } },
    { key: { status: 1 } },
    { key: { accepted_by: 1 } },
    { key: { accepted_by: 1, created: -1 } },
    { key: { created: 1 } },
    { key: { declined_by: 1 } },
    { key: { scores: 1 } },
  ]);
});
afterAll(async () => t.close());

const bk = () => t.db.collection<Booking>('bookings');
const explainFind = (filter: object, sort?: object, limit?: number) => {
  let cur = bk().find(filter);
  if (sort) cur = cur.sort(sort as never);
  if (limit) cur = cur.limit(limit);
  return cur.explain('queryPlanner').then(indexesUsed);
};

describe('ranges', () => {
  it('answers $gte/$lt on numbers within the number type, through the index', async () => {
    const got = await bk().find({ n: { $gte: 100, $lt: 150 } }).toArray();
    const want = bookings.filter((b) => typeof b.n === 'number' && b.n >= 100 && b.n < 150);
    expect(ids(got).sort()).toEqual(ids(want).sort());
    expect(await explainFind({ n: { $gte: 100, $lt: 150 } })).toEqual(['n_1']);
    // $gt a number never matches a string, $gt a string never a number (type brackets).
    expect(await bk().countDocuments({ n: { $gt: 1990 } })).toBe(bookings.filter((b) => typeof b.n === 'number' && b.n > 1990).length);
    expect(await bk().countDocuments({ n: { $gte: 's' } })).toBe(bookings.filter((b) => typeof b.n === 'string').length);
  });

  it('answers date ranges with both ends exclusive or inclusive', async () => {
    const lo = new Date(base + 100 * 60_000);
    const hi = new Date(base + 200 * 60_000);
    const got = await bk().find({ created: { $gt: lo, $lte: hi } }).toArray();
    expect(got.length).toBe(bookings.filter((b) => b.created > lo && b.created <= hi).length);
    expect(got.length).toBe(300);
  });
});

describe('$in', () => {
  it('finds k documents by _id $in without re-checking each against all k ids', async () => {
    const pick = bookings.filter((_, i) => i % 2 === 0).map((b) => b._id);
    const got = await bk().find({ _id: { $in: pick } }, { projection: { _id: 1 } }).toArray();
    expect(got.length).toBe(1000);
    expect(await explainFind({ _id: { $in: pick.slice(0, 5) } })).toEqual(['_id_']);
  });

  it('unions $in over an index and tests what the index did not decide', async () => {
    const filter = { status: { $in: ['pending', 'cancelled'] }, n: { $type: 'number' } } as never;
    const want = bookings.filter((b) => (b.status === 'pending' || b.status === 'cancelled') && typeof b.n === 'number');
    expect(ids(await bk().find(filter).toArray()).sort()).toEqual(ids(want).sort());
  });
});

describe('planner', () => {
  it('prefers the more selective index: an employee, not a status', async () => {
    const filter = { accepted_by: employees[7], status: { $in: ['done', 'accepted'] } };
    const want = bookings.filter((b) => String(b.accepted_by) === String(employees[7]) && ['done', 'accepted'].includes(b.status));
    expect(ids(await bk().find(filter).toArray()).sort()).toEqual(ids(want).sort());
    const used = await explainFind(filter);
    expect(used).toHaveLength(1);
    expect(used[0]).toMatch(/^accepted_by_1/);
    expect(await bk().countDocuments(filter)).toBe(want.length);
  });

  it('scans the collection when no index covers the filter', async () => {
    expect(await explainFind({ scoresMissing: 1 })).toEqual(['COLLSCAN']);
  });
});

describe('sort order', () => {
  it('pages newest first by (created, _id) from an index, ties included', async () => {
    const who = employees[11];
    const mine = bookings.filter((b) => String(b.accepted_by) === String(who));
    const byNewest = [...mine].sort((a, b) => b.created.getTime() - a.created.getTime() || (String(b._id) < String(a._id) ? -1 : 1));
    const page1 = await bk().find({ accepted_by: who }).sort({ created: -1, _id: -1 }).limit(7).toArray();
    const page2 = await bk().find({ accepted_by: who }).sort({ created: -1, _id: -1 }).skip(7).limit(7).toArray();
    expect(ids(page1)).toEqual(ids(byNewest.slice(0, 7)));
    expect(ids(page2)).toEqual(ids(byNewest.slice(7, 14)));
    expect(await explainFind({ accepted_by: who }, { created: -1, _id: -1 }, 7)).toEqual(['accepted_by_1_created_-1']);
  });

  it('walks an index in either direction for a sort with a limit', async () => {
    const first = await bk().find({}).sort({ created: 1 }).limit(4).toArray();
    expect(first.map((d) => d.created.getTime()).sort(cmp)).toEqual(bookings.slice(0, 4).map((b) => b.created.getTime()));
    const last = await bk().find({}).sort({ created: -1 }).limit(3).toArray();
    expect(last.map((d) => d.created.getTime())).toEqual([1999, 1998, 1997].map((i) => bookings[i].created.getTime()));
    expect(await explainFind({}, { created: -1 }, 3)).toEqual(['created_1']);
  });
});

describe('compound indexes', () => {
  it('uses a prefix of a compound index, with a range on the next field', async () => {
    const c = t.db.collection('compound');
    const docs = Array.from({ length: 600 }, (_, i) => ({ a: i % 6, b: i % 10, c: i }));
    await c.insertMany(docs);
    await c.createIndex({ a: 1, b: 1, c: 1 });
    expect(await c.countDocuments({ a: 2, b: { $gte: 4, $lt: 8 } })).toBe(docs.filter((d) => d.a === 2 && d.b >= 4 && d.b < 8).length);
    expect(await c.countDocuments({ a: { $in: [1, 3] } })).toBe(200);
    expect(indexesUsed(await c.find({ a: 2, b: { $gte: 4 } }).explain('queryPlanner'))).toEqual(['a_1_b_1_c_1']);
    expect(indexesUsed(await c.find({ a: 5 }).explain('queryPlanner'))).toEqual(['a_1_b_1_c_1']);
    // Without the leading field the index cannot help.
    expect(indexesUsed(await c.find({ b: 5 }).explain('queryPlanner'))).toEqual(['COLLSCAN']);
  });
});

describe('multikey indexes', () => {
  it('finds documents by one element of an array, each once', async () => {
    const e = employees[3];
    const f = employees[4];
    const want = bookings.filter((b) => b.declined_by.some((x) => String(x) === String(e) || String(x) === String(f)));
    const got = await bk().find({ declined_by: { $in: [e, f] } }).toArray();
    expect(ids(got).sort()).toEqual(ids(want).sort());
    expect(await explainFind({ declined_by: e })).toEqual(['declined_by_1']);
    expect(await bk().countDocuments({ declined_by: { $ne: e } })).toBe(bookings.filter((b) => !b.declined_by.some((x) => String(x) === String(e))).length);
  });

  it('keeps MongoDB semantics for a two-sided range on an array (any element may satisfy each side)', async () => {
    // [1, 10] matches { $gt: 5, $lt: 8 }: 10 > 5 and 1 < 8, though no single element lies between.
    const got = await bk().countDocuments({ scores: { $gt: 5, $lt: 8 } });
    const want = bookings.filter((b) => b.scores.some((x) => x > 5) && b.scores.some((x) => x < 8)).length;
    expect(got).toBe(want);
    expect(await bk().countDocuments({ scores: { $elemMatch: { $gt: 5, $lt: 8 } } })).toBe(bookings.filter((b) => b.scores.some((x) => x > 5 && x < 8)).length);
  });
});

describe('null and $ne: null', () => {
  // `at` is a date, null, missing or an empty array; `tags` an array that may hold null.
  const docs = Array.from({ length: 400 }, (_, i) => {
    const d: Record<string, unknown> = { i, st: i % 2 ? 'open' : 'shut', tags: i % 9 === 0 ? ['x', null] : i % 4 === 0 ? ['y'] : 'x' };
    if (i % 5 === 1) d.at = null;
    else if (i % 5 === 2) d.at = [];
    else if (i % 5 !== 3) d.at = new Date(base + (i % 50) * 60_000);
    return d;
  });
  const nn = (v: unknown) => v !== null && v !== undefined;
  const has = (v: unknown, x: unknown) => v === x || (Array.isArray(v) && v.includes(x));
  const atOf = (d: Record<string, unknown>) => (d.at instanceof Date ? d.at.getTime() : -1);
  const iOf = (xs: Record<string, unknown>[]) => xs.map((d) => d.i);
  beforeAll(async () => {
    await t.db.collection('nulls').insertMany(docs.map((d) => ({ ...d })));
    await t.db.collection('nulls').createIndex({ st: 1, at: 1 });
  });
  const c = () => t.db.collection('nulls');

  it('answers {f: null} and {f: {$ne: null}} through an index, with MongoDB semantics for null, missing and []', async () => {
    for (const st of ['open', 'shut']) {
      expect(await c().countDocuments({ st, at: null })).toBe(docs.filter((d) => d.st === st && !nn(d.at)).length);
      expect(await c().countDocuments({ st, at: { $ne: null } })).toBe(docs.filter((d) => d.st === st && nn(d.at)).length);
      expect(await c().countDocuments({ st, at: { $in: [null, new Date(base + 7 * 60_000)] } })).toBe(
        docs.filter((d) => d.st === st && (!nn(d.at) || atOf(d) === base + 7 * 60_000)).length,
      );
    }
    expect(indexesUsed(await c().find({ st: 'open', at: { $ne: null } }).explain('queryPlanner'))).toEqual(['st_1_at_1']);
    expect(indexesUsed(await c().find({ st: 'open', at: null }).explain('queryPlanner'))).toEqual(['st_1_at_1']);
  });

  it('pages a $ne: null range in index order, both directions', async () => {
    // [] is not null: it matches, and sorts below every date.
    const dated = docs.filter((d) => d.st === 'open' && nn(d.at));
    for (const dir of [1, -1] as const) {
      const want = [...dated].sort((a, b) => (atOf(a) - atOf(b)) * dir || (a.i as number) - (b.i as number));
      const got = await c().find({ st: 'open', at: { $ne: null } }).sort({ at: dir, i: 1 }).limit(15).toArray();
      expect(iOf(got)).toEqual(iOf(want.slice(0, 15)));
    }
  });

  it('tests equality, $ne, $in and $nin left after the index on arrays and nulls as MongoDB does', async () => {
    const q = (filter: object) => c().find({ st: 'open', ...filter }).toArray().then((xs) => iOf(xs).sort(cmp as never));
    const want = (f: (d: Record<string, unknown>) => boolean) => iOf(docs.filter((d) => d.st === 'open' && f(d))).sort(cmp as never);
    expect(await q({ tags: null })).toEqual(want((d) => has(d.tags, null)));
    expect(await q({ tags: { $ne: null } })).toEqual(want((d) => !has(d.tags, null)));
    expect(await q({ tags: 'x' })).toEqual(want((d) => has(d.tags, 'x')));
    expect(await q({ tags: { $ne: 'x' } })).toEqual(want((d) => !has(d.tags, 'x')));
    expect(await q({ tags: { $nin: ['y', null] } })).toEqual(want((d) => !has(d.tags, 'y') && !has(d.tags, null)));
    expect(await q({ tags: { $in: ['y'] }, i: { $in: [4, 8, 9, 12] } })).toEqual(want((d) => has(d.tags, 'y') && [4, 8, 9, 12].includes(d.i as number)));
  });
});

describe('a sparse index', () => {
  // Jobs as the app keeps them: a reminder names its plan in payload.planId, other jobs do not.
  const jobs = Array.from(
    { length: 600 },
    (_, i) => ({
      i,
      kind: i % 3 ? 'reminder' : 'mail',
      state: i % 4 ? 'pending' : 'done',
      ...(i % 3 ? { payload: { planId: `p${i % 20}` } } : { payload: {} }),
    }),
  );
  const c = () => t.db.collection('sparse_jobs');
  const iOf = (xs: Array<Record<string, unknown>>) => xs.map((x) => x.i as number).sort((a, b) => a - b);
  beforeAll(async () => {
    await c().insertMany(jobs.map((j) => ({ ...j })));
    await c().createIndex({ 'payload.planId': 1, state: 1 }, { sparse: true });
  });

  it('answers a query that excludes missing values (equality, $in, a range), as MongoDB plans it', async () => {
    const cases: [object, (j: (typeof jobs)[number]) => boolean][] = [
      [
        { 'payload.planId': 'p4', state: 'pending', kind: 'reminder' },
        (j) => (j.payload as { planId?: string; }).planId === 'p4' && j.state === 'pending' && j.kind === 'reminder',
      ],
      [{ 'payload.planId': { $in: ['p1', 'p2'] } }, (j) => ['p1', 'p2'].includes((j.payload as { planId?: string; }).planId ?? '')],
      [{ 'payload.planId': { $gte: 'p18' } }, (j) => ((j.payload as { planId?: string; }).planId ?? '') >= 'p18'],
    ];
    for (const [filter, f] of cases) {
      expect(iOf(await c().find(filter).toArray())).toEqual(iOf(jobs.filter(f)));
      expect(indexesUsed(await c().find(filter).explain())).toEqual(['payload.planId_1_state_1']);
    }
  });

  it('is not used where a document without the field can match (null, $exists: false, another field only)', async () => {
    const missing = iOf(jobs.filter((j) => (j.payload as { planId?: string; }).planId === undefined));
    expect(iOf(await c().find({ 'payload.planId': null }).toArray())).toEqual(missing);
    expect(indexesUsed(await c().find({ 'payload.planId': null }).explain())).toEqual(['COLLSCAN']);
    expect(iOf(await c().find({ 'payload.planId': { $in: ['p3', null] } }).toArray())).toEqual(
      iOf(jobs.filter((j) => [undefined, 'p3'].includes((j.payload as { planId?: string; }).planId))),
    );
    expect(iOf(await c().find({ kind: 'mail' }).sort({ 'payload.planId': 1 }).toArray())).toEqual(iOf(jobs.filter((j) => j.kind === 'mail')));
  });
});

describe('maxTimeMS', () => {
  it('stops a query that runs past its time limit', async () => {
    const c = t.db.collection('slow');
    await c.insertMany(Array.from({ length: 20_000 }, (_, i) => ({ i, s: `x${i}` })));
    // A regex test on every document of an unindexed field: long enough to pass 1 ms.
    await expect(c.find({ s: { $regex: '^x(1|2|3)+9$' } }).maxTimeMS(1).toArray()).rejects.toMatchObject({ code: 50 });
  });
});
