// Counts and sorted pages that an index answers read no document: a stored document is BSON bytes
// decoded on use, so a count decided by the index must count keys, and a page in index order must read
// only what it returns (and any run of equal sort values it has to order). Runs the engine in-process
// (no sockets) so its collection can be watched; always the embedded engine.
import fs from 'node:fs';
import { ObjectId } from 'bson';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Collection } from '../../api/engine/collection';
import { choosePlan } from '../../api/engine/planner';
import { Store } from '../../api/engine/store';
import { commandsOn, engineWork } from './engine-work';
import { tempDir } from './helpers';

const DB = 'counts';
const emps = Array.from({ length: 5 }, () => new ObjectId());
const STATUSES = ['pending', 'accepted', 'completed', 'cancelled'];
const base = Date.UTC(2026, 0, 1);
const docs = Array.from({ length: 3000 }, (_, i) => ({
  _id: new ObjectId(),
  status: STATUSES[i % 4],
  accepted_by: i % 4 === 0 || i % 4 === 3 ? null : emps[i % 5],
  // Every seventh undated; runs of three equal times, to check ties under a sort.
  at: i % 7 === 0 ? null : new Date(base + Math.floor(i / 3) * 60_000),
  declined_by: i % 6 === 0 ? [emps[i % 5], emps[(i + 1) % 5]] : i % 6 === 1 ? [emps[i % 5], emps[i % 5]] : [],
  n: i,
}));

let dir: string;
let store: Store;
let coll: Collection;
const { cursors, run, countDocuments: countIn } = commandsOn(() => store, DB);
const count = (query: Record<string, unknown>) => run({ count: 'bookings', query }).n as number;
const countDocuments = (match: Record<string, unknown>, skip = 0, limit = 0) => countIn('bookings', match, skip, limit);
const has = (xs: ObjectId[], e: ObjectId) => xs.some((x) => x.equals(e));

/** Counts the documents the engine looks up or decodes while `f` runs. */
function touched<T>(f: () => T): { result: T; lookups: number; decoded: number; } {
  const w = engineWork(coll, f);
  return { result: w.result, lookups: w.lookups, decoded: w.raws + w.views };
}

beforeAll(() => {
  dir = tempDir('engine-counts-');
  store = new Store(dir);
  store.open();
  run({ insert: 'bookings', documents: docs });
  run({
    createIndexes: 'bookings',
    indexes: [
      { key: { accepted_by: 1, status: 1, at: 1 }, name: 'by_status_at' },
      { key: { accepted_by: 1, status: 1 }, name: 'by_status' },
      { key: { accepted_by: 1, at: 1 }, name: 'by_at' },
      { key: { declined_by: 1, status: 1, accepted_by: 1 }, name: 'declined' },
    ],
  });
  coll = store.collection(DB, 'bookings')!;
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => {
  cursors.close();
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a count an index decides', () => {
  it('is answered from the keys alone, as count and as countDocuments (skip and limit too)', () => {
    const me = emps[1];
    const cases: [Record<string, unknown>, (d: (typeof docs)[number]) => boolean][] = [
      [{ accepted_by: me, status: 'accepted' }, (d) => d.accepted_by === me && d.status === 'accepted'],
      [{ accepted_by: me, status: { $in: ['accepted', 'completed'] } }, (d) => d.accepted_by === me && (d.status === 'accepted' || d.status === 'completed')],
      [{ accepted_by: me, status: { $in: ['accepted', 'completed'] }, at: null }, (d) => d.accepted_by === me && d.status !== 'pending' && d.at === null],
      [
        { accepted_by: me, status: 'completed', at: { $gte: new Date(base + 100 * 60_000), $lt: new Date(base + 600 * 60_000) } },
        (d) => d.accepted_by === me && d.status === 'completed' && !!d.at && d.at.getTime() >= base + 100 * 60_000 && d.at.getTime() < base + 600 * 60_000,
      ],
      [{ status: 'pending', accepted_by: null }, (d) => d.status === 'pending' && d.accepted_by === null],
    ];
    for (const [q, want] of cases) {
      const n = docs.filter(want).length;
      expect(n).toBeGreaterThan(0);
      const c = touched(() => count(q));
      expect(c.result, JSON.stringify(q)).toBe(n);
      const a = touched(() => countDocuments(q));
      expect(a.result).toBe(n);
      expect(touched(() => countDocuments(q, 3, n)).result).toBe(n - 3);
      expect(touched(() => countDocuments(q, 0, 5)).result).toBe(5);
      expect([c.lookups, c.decoded, a.lookups, a.decoded], JSON.stringify(q)).toEqual([0, 0, 0, 0]);
    }
  });

  it('on an array field pinned to one value counts each document once, reading none', () => {
    const me = emps[2];
    const want = docs.filter((d) => has(d.declined_by, me) && d.status === 'pending' && d.accepted_by === null).length;
    expect(want).toBeGreaterThan(0);
    const c = touched(() => countDocuments({ declined_by: me, status: 'pending', accepted_by: null }));
    expect(c).toEqual({ result: want, lookups: 0, decoded: 0 });
    // Two values of the array field: a document holding both is still counted once.
    const two = docs.filter((d) => (has(d.declined_by, emps[2]) || has(d.declined_by, emps[3])) && d.status === 'pending').length;
    expect(countDocuments({ declined_by: { $in: [emps[2], emps[3]] }, status: 'pending' })).toBe(two);
    // `$ne` on the array field: all open ones less those declined (what the app counts) agree.
    const open = docs.filter((d) => d.status === 'pending' && d.accepted_by === null).length;
    expect(countDocuments({ status: 'pending', accepted_by: null, declined_by: { $ne: me } })).toBe(open - want);
  });

  it('is planned on the index with the fewest keys, not only the fewest documents', () => {
    // Both decide it and hold the same documents; one key per (employee, status) against one per time.
    const plan = choosePlan(coll, { accepted_by: emps[1], status: 'completed' }, { count: true });
    expect(plan.index?.name).toBe('by_status');
    const dated = choosePlan(coll, { accepted_by: emps[1], status: 'completed', at: { $ne: null } }, { count: true });
    expect(dated.index?.name).toBe('by_status_at');
  });
});

describe('a page in index order', () => {
  it('reads only the documents of the page and of the runs of equal sort values it orders', () => {
    const me = emps[1];
    const sort = { at: 1, n: -1 };
    const mine = docs.filter((d) => d.accepted_by === me && d.status === 'completed' && d.at !== null);
    const sorted = [...mine].sort((a, b) => a.at!.getTime() - b.at!.getTime() || b.n - a.n);
    for (const skip of [0, 7, 40, mine.length - 3]) {
      const r = touched(() => run({ find: 'bookings', filter: { accepted_by: me, status: 'completed', at: { $ne: null } }, sort, skip, limit: 5 }));
      const got = (r.result.cursor.firstBatch as { n: number; }[]).map((d) => Number(d.n));
      expect(got).toEqual(sorted.slice(skip, skip + 5).map((d) => d.n));
      // The page's five, each at most once more for a run of ties around it (runs of three here).
      expect(r.decoded).toBeLessThanOrEqual(5 + 2 * 3);
    }
  });

  it('orders runs of equal leading values by the rest of the sort', () => {
    const sort = { at: 1, n: -1 };
    const filter = { accepted_by: null, at: { $ne: null } };
    const all = docs.filter((d) => d.accepted_by === null && d.at !== null).sort((a, b) => a.at!.getTime() - b.at!.getTime() || b.n - a.n);
    for (const skip of [0, 1, 2, 5, 100]) {
      const got = (run({ find: 'bookings', filter, sort, skip, limit: 4 }).cursor.firstBatch as { n: number; }[]).map((d) => Number(d.n));
      expect(got).toEqual(all.slice(skip, skip + 4).map((d) => d.n));
    }
    const whole = (run({ find: 'bookings', filter, sort, batchSize: 10_000 }).cursor.firstBatch as { n: number; }[]).map((d) => Number(d.n));
    expect(whole).toEqual(all.map((d) => d.n));
  });
});
