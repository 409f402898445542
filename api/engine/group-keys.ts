// `[{ $match }, { $group: { _id: '$f' (or { a: '$f', b: '$g' }), n: { $sum: 1 } } }]` counted from an
// index's keys alone, when one index decides the whole match and holds every grouped field: each key
// says its documents' values of those fields, and how many documents hold it. `$bucket` of one indexed
// field by boundaries (counts per week of a date) likewise. No document is read, so the office's figures (approved
// hours by number of hours, waits by minute) cost one walk over the keys of their period.
import type { Collection } from './collection.js';
import { conditions } from './conditions.js';
import { decodePart, encodeValue, keyPart, SEP } from './keys.js';
import { keysVisited, type Plan } from './plan.js';
import { indexPlan } from './planner.js';
import { due, type Steps } from './slices.js';
import type { Filter } from './filter.js';
import { pause } from './query.js';
import { type Doc, isPlainObject, numberOf } from './values.js';

interface GroupCount {
  /** The group key's fields: `'$f'` (one, the key is its value) or `{ name: '$f', ... }`. */
  fields: [string, string][];
  single: boolean;
  names: string[];
}

const fieldOf = (v: unknown) => (typeof v === 'string' && /^\$[^$.]+$/.test(v) ? v.slice(1) : undefined);

/** The stage's fields and count names when it is `{ _id: '$f' | { a: '$f', ... }, name: { $sum: 1 }, ... }` on top-level fields. */
function groupCountOf(stages: Doc[]): GroupCount | undefined {
  if (stages.length !== 1 || Object.keys(stages[0]).length !== 1) return undefined;
  const group = stages[0].$group;
  if (!isPlainObject(group)) return undefined;
  const id = group._id;
  const single = fieldOf(id);
  const fields: [string, string][] = single ? [['', single]] : isPlainObject(id) ? Object.entries(id).map(([k, v]) => [k, fieldOf(v) ?? '']) : [];
  if (!fields.length || fields.some(([k, f]) => !f || k.startsWith('$'))) return undefined;
  const names: string[] = [];
  for (const [k, acc] of Object.entries(group)) {
    if (k === '_id') continue;
    if (!isPlainObject(acc) || Object.keys(acc).length !== 1 || numberOf(acc.$sum) !== 1) return undefined;
    names.push(k);
  }
  return { fields, single: !!single, names };
}

interface Buckets {
  boundaries: (number | Date)[];
  fallback?: { value: unknown; };
}

/** `{ $bucket: { groupBy: '$f', boundaries, default?, output?: { name: { $sum: 1 } } } }` (numbers or dates). */
function bucketOf(stages: Doc[]): (GroupCount & Buckets) | undefined {
  if (stages.length !== 1 || Object.keys(stages[0]).length !== 1) return undefined;
  const b = stages[0].$bucket;
  if (!isPlainObject(b)) return undefined;
  const field = fieldOf(b.groupBy);
  const bounds = b.boundaries;
  if (!field || !Array.isArray(bounds) || bounds.length < 2) return undefined;
  const dates = bounds.every((x) => x instanceof Date);
  const boundaries = dates ? (bounds as Date[]) : bounds.map((x) => numberOf(x));
  if (!dates && boundaries.some((x) => x === undefined)) return undefined;
  for (let i = 1; i < boundaries.length; i++) if (+boundaries[i]! <= +boundaries[i - 1]!) return undefined;
  const output = b.output === undefined ? { count: { $sum: 1 } } : b.output;
  const names: string[] = [];
  if (!isPlainObject(output)) return undefined;
  for (const [k, acc] of Object.entries(output)) {
    if (!isPlainObject(acc) || Object.keys(acc).length !== 1 || numberOf(acc.$sum) !== 1) return undefined;
    names.push(k);
  }
  return {
    fields: [['', field]],
    single: true,
    names,
    boundaries: boundaries as (number | Date)[],
    fallback: 'default' in b ? { value: b.default } : undefined,
  };
}

/**
 * The groups, or undefined when no index can answer alone (the caller then runs the pipeline as usual).
 * A key part of a type that does not hold its value whole (an ObjectId, a document) also gives up.
 * Numbers come back as doubles (an int32 group key too): the key holds the number, not its BSON type.
 */
export function* groupFromKeys(coll: Collection | undefined, filter: Filter, stages: Doc[], deadline: number | undefined): Steps<Doc[] | undefined> {
  const bk = bucketOf(stages);
  const g = bk ?? groupCountOf(stages);
  if (!g || !coll || filter.hasExactChecks) return undefined;
  const conds = conditions(filter.raw);
  const fields = Object.keys(filter.raw);
  if (!fields.length || fields.some((f) => f.startsWith('$'))) return undefined;
  let best: { plan: Plan; at: number[]; keys: number; } | undefined;
  for (const ix of coll.indexes.values()) {
    const at = g.fields.map(([, f]) => ix.fields.indexOf(f));
    if (!ix.complete || at.some((i) => i < 0) || ix.multikey.some(Boolean)) continue;
    const plan = indexPlan(ix, conds, { count: true });
    if (!plan || !plan.countable || !fields.every((f) => plan.decided.has(f)) || filter.testerFor(plan.decided)) continue;
    const keys = keysVisited(plan);
    if (!best || keys < best.keys) best = { plan, at, keys };
  }
  if (!best) return undefined;
  const { plan, at } = best;
  const ix = plan.index!;
  const groups = new Map<string, { value: unknown; n: number; }>();
  // Buckets: a key's part is compared with the boundaries' own key parts (same order), nothing decoded.
  const edges = bk?.boundaries.map(encodeValue);
  const inBucket = new Array<number>(edges ? edges.length - 1 : 0).fill(0);
  let outside = 0;
  const countBucket = (key: string): boolean => {
    const part = keyPart(key, at[0]);
    const n = ix.countOf(key);
    let hi = edges!.length - 1;
    if (part < edges![0] || part >= edges![hi]) {
      outside += n;
      return true;
    }
    let lo = 0;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (edges![mid] <= part) lo = mid;
      else hi = mid;
    }
    inBucket[lo] += n;
    return true;
  };
  const countGroup = (key: string): boolean => {
    const parts = at.map((i) => keyPart(key, i));
    const id = parts.length === 1 ? parts[0] : parts.join(SEP);
    let cur = groups.get(id);
    if (!cur) {
      const values: unknown[] = [];
      for (const p of parts) {
        const decoded = decodePart(p);
        if (!decoded) return false;
        values.push(decoded.value);
      }
      const value = g.single ? values[0] : Object.fromEntries(g.fields.map(([name], i) => [name, values[i]]));
      groups.set(id, cur = { value, n: 0 });
    }
    cur.n += ix.countOf(key);
    return true;
  };
  const count = bk ? countBucket : countGroup;
  if (plan.exactKeys) {
    for (const k of plan.exactKeys) if (!count(k)) return undefined;
  } else {
    for (const [lo, hi] of plan.intervals!) {
      for (const k of ix.keys(lo, hi)) {
        if (!count(k)) return undefined;
        if (due()) yield* pause(coll, deadline);
      }
    }
  }
  // A write meanwhile made a field multikey: a document may have been counted twice.
  if (ix.multikey.some(Boolean)) return undefined;
  if (bk) {
    if (outside && !bk.fallback) return undefined;
    const row = (id: unknown, n: number) => Object.fromEntries([['_id', id], ...g.names.map((name) => [name, n])]) as Doc;
    const out = inBucket.flatMap((n, i) => (n ? [row(bk.boundaries[i], n)] : []));
    if (outside) out.push(row(bk.fallback!.value, outside));
    return out;
  }
  return [...groups.values()].filter((x) => x.n > 0).map(({ value, n }) => Object.fromEntries([['_id', value], ...g.names.map((name) => [name, n])]) as Doc);
}
