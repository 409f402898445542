// A count with a limit (countDocuments(filter, { limit }), the count command's limit) stops once it has
// that many, as mongod's COUNT stage does: the office's "more than 1 000" totals then cost at most that
// many keys (or documents), not the whole range. Runs the engine in-process to watch its index.
import fs from 'node:fs';
import { ObjectId } from 'bson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection } from '../../api/engine/collection';
import { Store } from '../../api/engine/store';
import { commandsOn, engineWork } from './engine-work';
import { tempDir } from './helpers';

const DB = 'countlimit';
const base = Date.UTC(2026, 0, 1);
const docs = Array.from({ length: 5000 }, (_, i) => ({
  _id: new ObjectId(),
  status: i % 2 ? 'done' : 'open',
  at: new Date(base + i * 60_000),
  words: [`w${i % 50}`, `x${i}`],
}));

let dir: string;
let store: Store;
let coll: Collection;
const { cursors, run, countDocuments: countIn } = commandsOn(() => store, DB);
const countDocuments = (match: Record<string, unknown>, skip = 0, limit = 0) => countIn('items', match, skip, limit);

/** Keys counted and documents looked up while `f` runs. */
function work<T>(f: () => T): { result: T; keys: number; docs: number; } {
  const w = engineWork(coll, f);
  return { result: w.result, keys: w.keys, docs: w.lookups + w.raws };
}

beforeAll(() => {
  dir = tempDir('engine-count-limit-');
  store = new Store(dir);
  store.open();
  run({ insert: 'items', documents: docs });
  run({
    createIndexes: 'items',
    indexes: [{ key: { at: -1 }, name: 'at' }, { key: { status: 1, at: -1 }, name: 'status_at' }, { key: { words: 1 }, name: 'words' }],
  });
  coll = store.collection(DB, 'items')!;
});
afterAll(() => {
  cursors.close();
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a count with a limit', () => {
  const from = new Date(base + 100 * 60_000);
  const range = { at: { $gte: from } };
  const all = docs.filter((d) => d.at >= from).length;

  it('answers as without it, capped (skip and limit as mongod applies them)', () => {
    expect(countDocuments(range)).toBe(all);
    expect(countDocuments(range, 0, 1001)).toBe(1001);
    expect(countDocuments(range, 10, 1001)).toBe(1001);
    expect(countDocuments(range, all - 5, 1001)).toBe(5);
    expect(countDocuments(range, 0, all + 10)).toBe(all);
    expect(run({ count: 'items', query: range, limit: 7 }).n).toBe(7);
    expect(run({ count: 'items', query: range, skip: 3, limit: all }).n).toBe(all - 3);
    expect(countDocuments({ status: 'done', at: { $lt: from } }, 0, 1000)).toBe(50);
  });

  it("counts on an index that decides it from its key blocks' totals, key by key not at all, with a limit or not", () => {
    // sorted.ts keeps each block's documents: no key's count is asked for, no document read.
    const whole = work(() => countDocuments(range));
    expect(whole.result).toBe(all);
    expect([whole.keys, whole.docs]).toEqual([0, 0]);
    const capped = work(() => countDocuments(range, 0, 1001));
    expect(capped.result).toBe(1001);
    expect([capped.keys, capped.docs]).toEqual([0, 0]);
  });

  it('stops reading documents once it has the limit when the index does not decide it alone', () => {
    // An array field's range: each document may hold several keys of it, so documents are counted once each.
    const q = { words: /^w1/ };
    const n = docs.filter((d) => d.words.some((w) => w.startsWith('w1'))).length;
    expect(work(() => countDocuments(q)).result).toBe(n);
    const capped = work(() => countDocuments(q, 0, 101));
    expect(capped.result).toBe(101);
    expect(capped.docs).toBeLessThanOrEqual(2 * 101);
  });
});
