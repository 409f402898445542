// Index intersection (api/engine/prefilter.ts): a walk in sort order that has tested many documents
// asks the filter's other indexed conditions which ids can match, and skips the rest without decoding
// them; a count made only of conditions the indexes answer exactly reads no document. Answers are
// checked against a plain JavaScript reading of the same data (fast-check), and the work is counted.
import fs from 'node:fs';
import fc from 'fast-check';
import { ObjectId } from 'bson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection } from '../../api/engine/collection';
import { Store } from '../../api/engine/store';
import { commandsOn, engineWork } from './engine-work';
import { tempDir } from './helpers';

const DB = 'prefilter';
const N = 6000;
const base = Date.UTC(2026, 0, 1);
/** Customers as the office keeps them: "Customer i", an e-mail, joined in order (the newest has the highest i). */
const people = Array.from({ length: N }, (_, i) => ({
  _id: new ObjectId(),
  at: new Date(base + i * 60_000),
  kind: i % 3 ? 'person' : 'firm',
  words: [...new Set(['customer', String(i), `c${i}`, `c${i}@x.test`, i % 7 ? 'london' : 'leeds'])],
  note: 'x'.repeat(200),
}));

let dir: string;
let store: Store;
let coll: Collection;
const { cursors, run, countDocuments: countIn } = commandsOn(() => store, DB);
const countDocuments = (match: Record<string, unknown>, limit = 0) => countIn('people', match, 0, limit);

beforeAll(() => {
  dir = tempDir('engine-prefilter-');
  store = new Store(dir);
  store.open();
  for (let i = 0; i < N; i += 1000) run({ insert: 'people', documents: people.slice(i, i + 1000) });
  run({ createIndexes: 'people', indexes: [{ key: { words: 1 }, name: 'words' }, { key: { at: -1 }, name: 'at' }, { key: { kind: 1 }, name: 'kind' }] });
  coll = store.collection(DB, 'people')!;
});
afterAll(() => {
  cursors.close();
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Person = (typeof people)[number];
const startsWith = (p: Person, w: string) => p.words.some((x) => x.startsWith(w));
const newestFirst = (a: Person, b: Person) => b.at.getTime() - a.at.getTime() || b._id.toHexString().localeCompare(a._id.toHexString());
const search = (words: string[]) => (words.length === 1 ? { words: new RegExp(`^${words[0]}`) } : { $and: words.map((w) => ({ words: new RegExp(`^${w}`) })) });

function page(filter: Record<string, unknown>, limit: number): string[] {
  const batch = run({ find: 'people', filter, sort: { at: -1, _id: -1 }, limit, batchSize: limit }).cursor.firstBatch as Person[];
  return batch.map((d) => d._id.toHexString());
}
const decoded = <T>(f: () => T) => {
  const w = engineWork(coll, f);
  return { result: w.result, docs: w.raws + w.views, walked: w.lookups };
};

describe('a walk in sort order with conditions on another index', () => {
  it('finds matches far down the order without decoding the documents before them', () => {
    // The newest 4 000 customers (2000–5999) have no word starting with "1": the walk meets its first
    // match 4 000 documents down. Before the prefilter it decoded every one of them.
    const q = search(['1', 'customer']);
    const want = people.filter((p) => startsWith(p, '1') && startsWith(p, 'customer')).sort(newestFirst).slice(0, 20).map((p) => p._id.toHexString());
    const got = decoded(() => page(q, 20));
    expect(got.result).toEqual(want);
    expect(got.docs).toBeLessThan(1000);
  });

  it('ends a search no document matches after a few hundred documents, not the whole collection', () => {
    const got = decoded(() => page(search(['customer', 'zz']), 20));
    expect(got.result).toEqual([]);
    expect(got.docs).toBeLessThan(1000);
    // No id left that could match: the walk ends there, not at the collection's end.
    expect(got.walked).toBeLessThan(1000);
    // Two broad words that never meet: every id is ruled out by the indexes.
    const never = decoded(() => page({ $and: [{ words: 'leeds' }, { words: 'london' }] }, 20));
    expect(never.result).toEqual([]);
    expect(never.docs).toBeLessThan(1000);
  });

  it('answers as a plain reading of the data for any words, with or without another field', () => {
    const word = fc.oneof(
      fc.constantFrom('customer', 'c', 'c1', 'london', 'leeds', 'zz', '@', 'c2@x'),
      fc.integer({ min: 0, max: 5999 }).map((n) => String(n).slice(0, 1 + (n % 4))),
    );
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 3 }),
        fc.option(fc.constantFrom('person', 'firm'), { nil: undefined }),
        fc.integer({ min: 1, max: 60 }),
        (words, kind, limit) => {
          const esc = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
          const filter: Record<string, unknown> = { ...search(esc) };
          if (kind) filter.kind = kind;
          const want = people.filter((p) => words.every((w) => startsWith(p, w)) && (!kind || p.kind === kind)).sort(newestFirst);
          expect(page(filter, limit)).toEqual(want.slice(0, limit).map((p) => p._id.toHexString()));
          expect(countDocuments(filter)).toBe(want.length);
          expect(countDocuments(filter, 101)).toBe(Math.min(101, want.length));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('a count of conditions the indexes answer exactly', () => {
  it('is the size of the ids they all allow: no document read', () => {
    const n = people.filter((p) => startsWith(p, '1') && startsWith(p, 'customer')).length;
    const got = decoded(() => countDocuments(search(['1', 'customer'])));
    expect(got.result).toBe(n);
    expect(got.docs).toBe(0);
    const withKind = people.filter((p) => startsWith(p, '2') && p.kind === 'firm').length;
    expect(decoded(() => countDocuments({ ...search(['2']), kind: 'firm' }))).toMatchObject({ result: withKind, docs: 0 });
  });

  it('reads the documents when a condition is not one an index answers exactly', () => {
    // A pattern past its prefix (/^1.*9$/) is tested on each document: the answer is still right.
    const q = { $and: [{ words: /^1.*9$/ }, { words: /^customer/ }] };
    const n = people.filter((p) => p.words.some((w) => /^1.*9$/.test(w))).length;
    const got = decoded(() => countDocuments(q));
    expect(got.result).toBe(n);
    expect(got.docs).toBeGreaterThan(0);
  });
});
