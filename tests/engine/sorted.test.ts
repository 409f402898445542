// Unit tests of the pieces that let long work pause: an index's sorted keys built in steps while keys
// change, a key walk that finds its place again after changes, key counts for the planner's
// estimates, and the stable sort in steps.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Index } from '../../api/engine/indexes';
import { runSync } from '../../api/engine/slices';
import { mergeSortSteps } from '../../api/engine/sort';
import { SortedStrings } from '../../api/engine/sorted';

const key = (i: number) => `k${String(i).padStart(6, '0')}\u0000`;

describe('an index built in the background', () => {
  it('ends with exactly the keys it holds, whatever changed between its steps', () => {
    const ix = new Index({ key: { a: 1 }, name: 'a_1' }, 'db.c');
    const live = new Set<string>();
    for (let i = 0; i < 20_000; i += 2) {
      ix.add([key(i)], `id${i}`);
      live.add(key(i));
    }
    const steps = ix.prepare();
    let n = 0;
    // Between steps: add odd keys, delete some even ones (and re-add a few of those).
    while (!steps.next().done) {
      n++;
      const i = (n * 7919) % 20_000;
      if (i % 2) {
        ix.add([key(i)], `id${i}`);
        live.add(key(i));
      } else {
        ix.remove([key(i)], `id${i}`);
        live.delete(key(i));
      }
    }
    expect(n).toBeGreaterThan(10);
    expect([...ix.keys('', '\uffff')]).toEqual([...live].sort());
  });
});

describe('a key walk', () => {
  it('continues after the last key it gave when keys are added and deleted meanwhile, both ways', () => {
    for (const reverse of [false, true]) {
      const s = SortedStrings.from(Array.from({ length: 5000 }, (_, i) => key(i * 2)));
      const seen: string[] = [];
      let n = 0;
      for (const k of s.range(key(100), key(9000), reverse)) {
        seen.push(k);
        // Ahead of the walk and behind it, in blocks that split and empty.
        if (++n % 10 === 0) { for (let j = 0; j < 600; j++) s.add(key(1 + ((n * 37 + j * 2) % 9998))); }
        if (n % 25 === 0) { for (let j = 0; j < 300; j++) s.delete(key((n * 53 + j * 2) % 10_000)); }
      }
      expect(seen.length).toBeGreaterThan(100);
      const sorted = [...seen].sort();
      expect(seen).toEqual(reverse ? sorted.reverse() : sorted); // in order, none twice
      for (const k of seen) expect(k >= key(100) && k < key(9000)).toBe(true);
    }
  });
});

describe('counting keys in a range', () => {
  it('equals walking the range, across blocks that split and shrink', () => {
    const s = SortedStrings.from(Array.from({ length: 4000 }, (_, i) => key(i * 3)));
    for (let i = 0; i < 3000; i++) s.add(key(i * 3 + 1));
    for (let i = 0; i < 2000; i++) s.delete(key(i * 6));
    for (
      const [lo, hi] of [
        ['', '\uffff'],
        [key(0), key(1)],
        [key(500), key(9000)],
        [key(11_000), key(20_000)],
        [key(7), key(7)],
      ]
    ) {
      expect(s.countRange(lo, hi)).toBe([...s.range(lo, hi)].length);
    }
  });
});

describe('the sort in steps', () => {
  it('is stable and equals a sort at once', () => {
    const items = Array.from({ length: 3000 }, (_, i) => ({ v: (i * 7919) % 97, i }));
    const got = runSync(mergeSortSteps([...items], (a, b) => a.v - b.v));
    expect(got).toEqual([...items].sort((a, b) => a.v - b.v));
  });
});

describe('weighted keys (an index: the documents each key holds)', () => {
  it('total a range from block sums that stay exact through adds, deletes, weight changes and splits', () => {
    const weights = new Map<string, number>();
    const s = SortedStrings.from([], (k) => weights.get(k) ?? 0);
    let seed = 7;
    const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const check = () => {
      for (let t = 0; t < 20; t++) {
        const [a, b] = [key(rnd(6000)), key(rnd(6000))].sort();
        let want = 0;
        for (const [k, w] of weights) if (k >= a && k < b) want += w;
        expect(s.weightIn(a, b)).toBe(want);
      }
      expect(s.weightIn('', '\uffff')).toBe([...weights.values()].reduce((x, y) => x + y, 0));
    };
    // As an index does: a new key comes with one document, more documents bump it, the last one deletes it.
    for (let step = 0; step < 30_000; step++) {
      const k = key(rnd(6000));
      const w = weights.get(k);
      const op = rnd(10);
      if (w === undefined) {
        weights.set(k, 1);
        s.add(k);
      } else if (op < 5) {
        weights.set(k, w + 1);
        s.bump(k, 1);
      } else if (w > 1) {
        weights.set(k, w - 1);
        s.bump(k, -1);
      } else {
        weights.delete(k);
        s.delete(k);
      }
      if (step % 5000 === 0) check();
    }
    check();
    expect(s.size).toBe(weights.size);
  });

  it('built at once over weighted keys counts a range without asking for the whole blocks inside it', () => {
    const weights = new Map(Array.from({ length: 50_000 }, (_, i) => [key(i), 1 + (i % 3)] as const));
    let asked = 0;
    const s = SortedStrings.from(weights.keys(), (k) => (asked++, weights.get(k)!));
    const want = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => 1 + ((a + i) % 3)).reduce((x, y) => x + y, 0);
    expect(s.weightIn(key(100), key(40_000))).toBe(want(100, 40_000));
    asked = 0;
    // Block sums are kept: the same range again asks only for the keys of its two end blocks.
    expect(s.weightIn(key(100), key(40_000))).toBe(want(100, 40_000));
    expect(asked).toBeLessThanOrEqual(2 * 512);
    // Unweighted: the number of keys.
    expect(SortedStrings.from(weights.keys()).weightIn(key(10), key(20))).toBe(10);
  });
});

describe("an index's documents in a key range (docsIn: counts and the planner's estimates)", () => {
  type Op = { add: boolean; k: number; doc: number; at: 'none' | 'now' | 'build' | 'restore'; };
  // Keys 0–2 000 (several blocks of keys), a few of them written often (keys of many documents).
  const KEYS = 2000;
  const k = fc.oneof(fc.integer({ min: 0, max: KEYS }), fc.constantFrom(3, 511, 512, 1100, 1999));
  const op = fc.record({ add: fc.boolean(), k, doc: fc.integer({ min: 0, max: 8 }), at: fc.constantFrom('none', 'none', 'none', 'now', 'build', 'restore') });
  const bound = fc.integer({ min: 0, max: KEYS + 1 });

  it('equals the documents of its keys counted one by one, whenever and however its order was built', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), fc.array(fc.tuple(bound, bound), { minLength: 1, maxLength: 8 }), (ops: Op[], ranges) => {
        let ix = new Index({ key: { a: 1 }, name: 'a_1' }, 'db.c');
        for (let i = 0; i < KEYS; i += 2) ix.add([key(i)], 'p');
        let steps: Generator | undefined;
        for (const o of ops) {
          // Keys of several documents (doc) each: adds and removes move a key's weight, or the key itself.
          if (o.add) ix.add([key(o.k)], `d${o.doc}`);
          else ix.remove([key(o.k)], `d${o.doc}`);
          if (o.at === 'now') ix.keys('', '\uffff');
          // A background build: writes land between its steps.
          if (o.at === 'build' && !steps) steps = ix.prepare();
          if (steps?.next().done) steps = undefined;
          if (o.at === 'restore') {
            const [keys, owners] = ix.entries();
            const copy = new Index({ key: { a: 1 }, name: 'a_1' }, 'db.c');
            copy.restore(keys, owners.map((x) => (typeof x === 'string' ? x : new Set(x))), [false]);
            ix = copy;
            steps = undefined;
          }
          // Asking sums the blocks a range covers whole; later writes must keep those sums right.
          // (Not while a build runs: asking would build the order at once and drop the build.)
          if (o.at !== 'none' && !steps) { for (const [a, b] of [...ranges, [0, KEYS + 1]]) ix.docsIn(key(Math.min(a, b)), key(Math.max(a, b))); }
        }
        while (steps && !steps.next().done);
        for (const [a, b] of [...ranges, [0, KEYS + 1]]) {
          const [lo, hi] = [key(Math.min(a, b)), key(Math.max(a, b))];
          let want = 0;
          for (const k of ix.keys(lo, hi)) want += ix.countOf(k);
          expect(ix.docsIn(lo, hi)).toBe(want);
        }
      }),
      { numRuns: 200 },
    );
  });
});
