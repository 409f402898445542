// The plan cache (api/engine/plan-cache.ts): a query of a shape already planned counts no index keys to
// choose its plan again; the choice is made afresh when the indexes change or the collection doubles; and
// whatever the cache holds, every answer equals a plain JavaScript reading of the same data (fast-check,
// values skewed so that a kept choice is a poor one for some of them).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection } from '../../api/engine/collection';
import { Store } from '../../api/engine/store';
import { commandsOn, engineWork } from './engine-work';
import { tempDir } from './helpers';

const DB = 'plancache';
interface Visit {
  _id: number;
  owner: number;
  status: string;
  day: number;
}
const STATUSES = ['booked', 'done', 'skipped', 'cancelled'];
// Owner 0 holds half the visits (a company's own test account); the others ten each. 'cancelled' is rare.
const visits: Visit[] = Array.from({ length: 4000 }, (_, i) => ({
  _id: i,
  owner: i % 2 ? 0 : 1 + (i % 200),
  status: i % 97 === 0 ? 'cancelled' : STATUSES[i % 3],
  day: i % 365,
}));

let dir: string;
let store: Store;
let coll: Collection;
const { cursors, run } = commandsOn(() => store, DB);

function find(filter: Record<string, unknown>, sort?: Record<string, 1 | -1>, limit = 0): number[] {
  const r = run({ find: 'visits', filter, ...(sort ? { sort } : {}), limit, batchSize: 10_000 });
  const ids = (r.cursor.firstBatch as Visit[]).map((v) => Number(v._id));
  if (Number(r.cursor.id)) cursors.kill([r.cursor.id]);
  return ids;
}
const keysCounted = (f: () => unknown) => engineWork(coll, f).keys;

beforeAll(() => {
  dir = tempDir('engine-plan-cache-');
  store = new Store(dir);
  store.open();
  for (let i = 0; i < visits.length; i += 1000) run({ insert: 'visits', documents: visits.slice(i, i + 1000) });
  run({ createIndexes: 'visits', indexes: [{ key: { owner: 1 }, name: 'owner' }, { key: { status: 1 }, name: 'status' }, { key: { day: 1 }, name: 'day' }] });
  coll = store.collection(DB, 'visits')!;
});
afterAll(() => store.close());

describe('the plan cache', () => {
  it('plans a shape once: the next query of that shape, other values, counts no key to choose', () => {
    expect(keysCounted(() => find({ owner: 7, status: 'done' }))).toBeGreaterThan(0);
    expect(keysCounted(() => find({ owner: 9, status: 'booked' }))).toBe(0);
    // Another shape (a range, a sort) is planned for itself.
    expect(keysCounted(() => find({ owner: 9, day: { $gte: 10, $lt: 20 } }))).toBeGreaterThan(0);
    expect(keysCounted(() => find({ owner: 11, day: { $gte: 50, $lt: 90 } }))).toBe(0);
  });

  it('plans again once an index is added or dropped, and once the collection has doubled', () => {
    // (Few matches: a walk past 256 documents asks the other indexes which can match, and counts keys.)
    find({ status: 'cancelled', day: { $gte: 0 } });
    expect(keysCounted(() => find({ status: 'cancelled', day: { $gte: 100 } }))).toBe(0);
    run({ createIndexes: 'visits', indexes: [{ key: { status: 1, day: 1 }, name: 'status_day' }] });
    expect(keysCounted(() => find({ status: 'cancelled', day: { $gte: 100 } }))).toBeGreaterThan(0);
    expect(keysCounted(() => find({ status: 'cancelled', day: { $gte: 200 } }))).toBe(0);
    run({ dropIndexes: 'visits', index: 'status_day' });
    const want = visits.filter((v) => v.status === 'booked' && v.day >= 200).map((v) => v._id);
    expect(find({ status: 'booked', day: { $gte: 200 } }).sort((a, b) => a - b)).toEqual(want);

    const more = visits.map((v) => ({ ...v, _id: v._id + 10_000 }));
    for (let i = 0; i < more.length; i += 1000) run({ insert: 'visits', documents: more.slice(i, i + 1000) });
    expect(keysCounted(() => find({ owner: 13, status: 'skipped' }))).toBeGreaterThan(0);
    run({ delete: 'visits', deletes: [{ q: { _id: { $gte: 10_000 } }, limit: 0 }] });
  });

  it('answers every query exactly, whatever choice its shape kept', () => {
    const field = fc.constantFrom('owner', 'status', 'day');
    const value = (f: string): fc.Arbitrary<number | string> =>
      f === 'owner'
        ? fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 200 }))
        : f === 'status'
        ? fc.constantFrom(...STATUSES)
        : fc.integer({ min: 0, max: 364 });
    const day = fc.integer({ min: 0, max: 364 });
    const cond = field.chain((f) =>
      fc.oneof(
        value(f).map((v) => [f, v, (x: Visit) => x[f as keyof Visit] === v] as const),
        fc.array(value(f), { minLength: 1, maxLength: 3 }).map((vs) => [f, { $in: vs }, (x: Visit) => vs.includes(x[f as keyof Visit] as never)] as const),
        ...(f === 'day'
          ? [
            fc.tuple(day, day).map(([a, b]) =>
              [f, { $gte: Math.min(a, b), $lt: Math.max(a, b) }, (x: Visit) => x.day >= Math.min(a, b) && x.day < Math.max(a, b)] as const
            ),
          ]
          : []),
      )
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(cond, { minLength: 1, maxLength: 3, selector: ([f]) => f }),
        fc.option(fc.constantFrom('day', 'owner')),
        fc.nat(30),
        (conds, sortBy, limit) => {
          const filter = Object.fromEntries(conds.map(([f, c]) => [f, c]));
          let want = visits.filter((v) => conds.every(([, , test]) => test(v)));
          if (sortBy) want = want.sort((a, b) => (a[sortBy as 'day'] - b[sortBy as 'day']) || a._id - b._id);
          const got = find(filter, sortBy ? { [sortBy]: 1, _id: 1 } : undefined, limit);
          if (sortBy) expect(got).toEqual((limit ? want.slice(0, limit) : want).map((v) => v._id));
          else if (limit) {
            // A limit without a sort may keep any of the matches.
            expect(got).toHaveLength(Math.min(limit, want.length));
            const ids = new Set(want.map((v) => v._id));
            expect(got.filter((id) => !ids.has(id))).toEqual([]);
          } else expect(got.sort((a, b) => a - b)).toEqual(want.map((v) => v._id).sort((a, b) => a - b));
        },
      ),
      { numRuns: 300 },
    );
  });
});
