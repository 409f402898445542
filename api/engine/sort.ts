// Sorting as MongoDB orders values (type brackets, arrays by their extreme element), in steps: the
// values are read, runs of RUN documents are sorted, then merged pairwise, pausing between pieces.
import { compare, resolve } from 'mingo/util';
import type { Entry } from './entry.js';
import { unsupported } from './errors.js';
import { exactCompare } from './exact.js';
import { checkDeadline, due, type Steps } from './slices.js';
import { type Doc, isPlainObject, numberOf } from './values.js';

/** MongoDB's cross-type sort order (BSON comparison order). */
function typeRank(v: unknown): number {
  if (v === undefined) return 1.5; // an empty array sorts below null
  if (v === null) return 2;
  switch (typeof v) {
    case 'number':
    case 'bigint':
      return 3;
    case 'string':
      return 4;
    case 'boolean':
      return 9;
  }
  if (Array.isArray(v)) return 6;
  if (v instanceof Date) return 10;
  if (v instanceof RegExp) return 12;
  switch ((v as { _bsontype?: string; })._bsontype) {
    case 'Binary':
      return 7;
    case 'ObjectId':
      return 8;
    case 'Timestamp':
      return 11;
    case 'MinKey':
      return 1;
    case 'MaxKey':
      return 13;
  }
  return 5; // embedded document
}

/** The value a document sorts by: missing = null; an array by its smallest (asc) or largest (desc) element. */
function sortValue(v: unknown, dir: 1 | -1): unknown {
  if (v === undefined) return null;
  if (!Array.isArray(v)) return v;
  if (v.length === 0) return undefined;
  let best = sortValue(v[0], dir);
  for (const x of v.slice(1)) {
    const c = sortCompare(sortValue(x, dir), best);
    if (c * dir < 0) best = sortValue(x, dir);
  }
  return best;
}

function sortCompare(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  return ra !== rb ? ra - rb : compare(a, b);
}

const RUN = 256;

interface Item {
  e: Entry;
  vals: unknown[];
}

/** The entries in the order of `sort` (stable: equal ones keep their order). */
export function* sortSteps(entries: Entry[], sort: Doc, deadline?: number): Steps<Entry[]> {
  const keys = Object.entries(sort).map(([path, dir]) => {
    if (isPlainObject(dir)) unsupported('$meta sort (text score)');
    return [path, (numberOf(dir) ?? 1) < 0 ? -1 : 1] as const;
  });
  if (!keys.length) return entries;
  const cmp = (a: Item, b: Item) => {
    for (let i = 0; i < keys.length; i++) {
      let c = sortCompare(a.vals[i], b.vals[i]);
      // Equal as JS numbers may still differ as int64 beyond 2^53.
      if (c === 0 && typeof a.vals[i] === 'number' && Math.abs(a.vals[i] as number) >= 2 ** 53) {
        c = exactCompare(resolve(a.e.raw, keys[i][0]), resolve(b.e.raw, keys[i][0])) ?? 0;
      }
      if (c !== 0) return c * keys[i][1];
    }
    return 0;
  };
  const items: Item[] = new Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    items[i] = { e, vals: keys.map(([p, dir]) => sortValue(resolve(e.view, p), dir)) };
    if (due()) {
      checkDeadline(deadline);
      yield;
    }
  }
  return (yield* mergeSortSteps(items, cmp, deadline)).map((x) => x.e);
}

/** A stable sort in steps: runs of RUN items sorted at once, then merged pairwise, pausing when due. */
export function* mergeSortSteps<T>(items: T[], cmp: (a: T, b: T) => number, deadline?: number): Steps<T[]> {
  const n = items.length;
  let src = items;
  for (let lo = 0; lo < n; lo += RUN) {
    const run = src.slice(lo, lo + RUN).sort(cmp);
    for (let i = 0; i < run.length; i++) src[lo + i] = run[i];
    if (due()) yield;
  }
  let dst: T[] = new Array(n);
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let a = lo;
      let b = mid;
      for (let k = lo; k < hi; k++) {
        // The left run wins ties: the merge is stable.
        dst[k] = b >= hi || (a < mid && cmp(src[a], src[b]) <= 0) ? src[a++] : src[b++];
        if (due()) {
          checkDeadline(deadline);
          yield;
        }
      }
    }
    [src, dst] = [dst, src];
  }
  return src;
}

/** A sort document as the planner reads it: fields and directions, a text-score `$meta` left out. */
export function sortSpec(sort: Doc | undefined): [string, 1 | -1][] | undefined {
  if (!sort) return undefined;
  const out = Object.entries(sort)
    .filter(([, d]) => !isPlainObject(d))
    .map(([f, d]) => [f, (numberOf(d) ?? 1) < 0 ? -1 : 1] as [string, 1 | -1]);
  return out.length ? out : undefined;
}
