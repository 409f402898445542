// Filters: mingo decides what matches (minus what the chosen index already decided); this module
// refuses unsupported operators, runs the planner's choice, and sorts/skips/limits.
import { Query } from 'mingo';
import { compare, resolve } from 'mingo/util';
import type { Collection, Entry } from './collection.js';
import { exactCompare, splitExact } from './exact.js';
import { fail, unsupported } from './errors.js';
import { choosePlan, describePlan, keyPrefix, planEntries, sortSpec } from './planner.js';
import { type Doc, getPath, isPlainObject, keyOf, numberOf, toView } from './values.js';

const REFUSED: Record<string, string> = {
  $where: '$where (server-side JavaScript)',
  $text: '$text (text search)',
  $near: 'geospatial queries ($near)',
  $nearSphere: 'geospatial queries ($nearSphere)',
  $geoWithin: 'geospatial queries ($geoWithin)',
  $geoIntersects: 'geospatial queries ($geoIntersects)',
  $within: 'geospatial queries ($within)',
  $function: '$function (server-side JavaScript)',
  $accumulator: '$accumulator (server-side JavaScript)',
  $geoNear: 'geospatial queries ($geoNear)',
  $search: 'Atlas Search ($search)',
  $changeStream: 'change streams ($changeStream)',
};

/** Throws a clear error if any key anywhere in the tree is a refused operator. */
export function refuseUnsupported(v: unknown): void {
  if (Array.isArray(v)) v.forEach(refuseUnsupported);
  else if (isPlainObject(v))
    for (const k of Object.keys(v)) {
      if (k in REFUSED) unsupported(REFUSED[k]);
      refuseUnsupported(v[k]);
    }
}

export const mingoOptions = { scriptEnabled: false, useStrictMode: true } as const;

export class Filter {
  private query?: Query;
  private rest?: Doc;
  private exact: ((raw: Doc) => boolean)[];
  /** Fields of a filter made only of `field: scalar` equalities (mingo is then compiled lazily). */
  readonly pureEqFields?: string[];
  readonly view: Doc;
  private testers = new Map<string, ((e: Entry) => boolean) | null>();

  constructor(readonly raw: Doc) {
    refuseUnsupported(raw);
    this.view = toView(raw) as Doc;
    const { rest, checks } = splitExact(raw);
    this.exact = checks;
    if (Object.keys(rest).length) this.rest = checks.length ? (toView(rest) as Doc) : this.view;
    const keys = Object.keys(raw);
    if (keys.length && !checks.length && keys.every((k) => !k.startsWith('$') && !isOperatorObject(raw[k]) && indexable(raw[k]))) this.pureEqFields = keys;
    // Operators are validated now (a bad one must fail even on an empty collection); only plain
    // equality filters, which cannot be invalid, wait until a document needs testing.
    else if (this.rest) this.query = new Query(this.rest, mingoOptions);
  }

  get hasExactChecks(): boolean {
    return this.exact.length > 0;
  }

  /**
   * The test left once an index has decided `decided` (top-level fields): null when nothing is left.
   * A long `$in` left to test is checked against a Set (mingo would rebuild a hash of all the values
   * for every document); so are equality, `$in`, `$ne` and `$nin` of plain values on a top-level
   * field, so that a filter made only of those never builds a document's view or runs mingo.
   */
  testerFor(decided: Set<string>): ((e: Entry) => boolean) | null {
    const cacheKey = [...decided].sort().join('\u0000');
    if (this.testers.has(cacheKey)) return this.testers.get(cacheKey)!;
    let tester: ((e: Entry) => boolean) | null;
    if (this.exact.length) tester = (e) => this.test(e);
    else {
      const rest: Doc = {};
      const sets: ((raw: Doc) => boolean)[] = [];
      for (const [k, v] of Object.entries(this.raw)) {
        if (decided.has(k)) continue;
        if (!k.startsWith('$') && isPlainObject(v) && Object.keys(v).length === 1 && Array.isArray(v.$in) && v.$in.length > SET_IN_MIN && v.$in.every((x) => x !== null && indexable(x))) sets.push(inSet(k, v.$in));
        else {
          const flat = flatCheck(k, v);
          if (flat) sets.push(flat);
          else rest[k] = v;
        }
      }
      const q = Object.keys(rest).length ? new Query(toView(rest) as Doc, mingoOptions) : undefined;
      // The Set checks first: they are cheap and need no view of the document.
      tester = !q && !sets.length ? null : (e) => sets.every((c) => c(e.raw)) && (!q || q.test(e.view));
    }
    this.testers.set(cacheKey, tester);
    return tester;
  }

  test(e: Entry): boolean {
    // Compiled on first use: index hits on pure equality filters never need mingo.
    if (this.rest && !this.query) this.query = new Query(this.rest, mingoOptions);
    if (this.query && !this.query.test(e.view)) return false;
    return this.exact.length === 0 || this.exact.every((c) => c(e.raw));
  }
}

const SET_IN_MIN = 8;

/** `field: { $in: values }` as a Set lookup on the document's value (or any element of an array). */
function inSet(path: string, values: unknown[]): (raw: Doc) => boolean {
  const set = new Set(values.map(keyOf));
  return (raw) => {
    const v = getPath(raw, path);
    if (set.has(keyOf(v))) return true;
    return Array.isArray(v) && v.some((x) => set.has(keyOf(x)));
  };
}

/** A plain value whose equality keyOf decides: not a regex, array, document or int64 past 2^53. */
const plainValue = (v: unknown) => indexable(v) && !(typeof v === 'object' && v !== null && (v as { _bsontype?: string })._bsontype === 'Decimal128');

/**
 * `f: v`, `f: {$eq: v}`, `{$in: [...]}`, `{$ne: v}`, `{$nin: [...]}` on a top-level name, as Set
 * lookups on the raw value: a value matches when it, or an element of its array, is one of the values
 * (null stands for null or missing there, as in MongoDB). Undefined for anything else.
 */
function flatCheck(path: string, v: unknown): ((raw: Doc) => boolean) | undefined {
  if (path.startsWith('$') || path.includes('.')) return undefined;
  if (!isPlainObject(v)) return plainValue(v) ? inFlat(path, [v], true) : undefined;
  const ops = Object.keys(v);
  if (ops.length !== 1) return undefined;
  const x = v[ops[0]];
  const list = (xs: unknown) => Array.isArray(xs) && xs.every(plainValue);
  switch (ops[0]) {
    case '$eq':
      return plainValue(x) ? inFlat(path, [x], true) : undefined;
    case '$ne':
      return plainValue(x) ? inFlat(path, [x], false) : undefined;
    case '$in':
      return list(x) ? inFlat(path, x as unknown[], true) : undefined;
    case '$nin':
      return list(x) ? inFlat(path, x as unknown[], false) : undefined;
  }
  return undefined;
}

function inFlat(path: string, values: unknown[], wanted: boolean): (raw: Doc) => boolean {
  const set = new Set(values.map(keyOf));
  return (raw) => {
    const v = raw[path];
    const hit = set.has(keyOf(v)) || (Array.isArray(v) && v.some((x) => set.has(keyOf(x))));
    return hit === wanted;
  };
}

function isOperatorObject(v: unknown): v is Doc {
  return isPlainObject(v) && Object.keys(v).some((k) => k.startsWith('$'));
}

function indexable(v: unknown): boolean {
  return !(v instanceof RegExp) && !Array.isArray(v) && !isPlainObject(v) && (v as { _bsontype?: string })?._bsontype !== 'BSONRegExp';
}

export interface FindOptions {
  sort?: Doc;
  skip?: number;
  limit?: number;
  /** Give up with MaxTimeMSExpired once the scan has run this long. */
  maxTimeMS?: number;
}

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
  switch ((v as { _bsontype?: string })._bsontype) {
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

export function sortEntries(entries: Entry[], sort: Doc): Entry[] {
  const keys = Object.entries(sort).map(([path, dir]) => {
    if (isPlainObject(dir)) unsupported('$meta sort (text score)');
    return [path, (numberOf(dir) ?? 1) < 0 ? -1 : 1] as const;
  });
  if (!keys.length) return entries;
  return entries
    .map((e) => ({ e, vals: keys.map(([p, dir]) => sortValue(resolve(e.view, p), dir)) }))
    .sort((a, b) => {
      for (let i = 0; i < keys.length; i++) {
        let c = sortCompare(a.vals[i], b.vals[i]);
        // Equal as JS numbers may still differ as int64 beyond 2^53.
        if (c === 0 && typeof a.vals[i] === 'number' && Math.abs(a.vals[i] as number) >= 2 ** 53)
          c = exactCompare(resolve(a.e.raw, keys[i][0]), resolve(b.e.raw, keys[i][0])) ?? 0;
        if (c !== 0) return c * keys[i][1];
      }
      return 0;
    })
    .map((x) => x.e);
}

/** Documents matching a filter, found through the plan the planner picks. */
export function findEntries(coll: Collection | undefined, filter: Filter, opts: FindOptions = {}): Entry[] {
  if (!coll) return [];
  const skip = Math.max(0, opts.skip ?? 0);
  const limit = Math.abs(opts.limit ?? 0);
  const sort = sortSpec(opts.sort);
  if (opts.sort && Object.values(opts.sort).some(isPlainObject)) unsupported('$meta sort (text score)');
  const want = limit ? skip + limit : undefined;
  const plan = choosePlan(coll, filter.raw, { sort, want, noDecide: filter.hasExactChecks });
  const test = filter.testerFor(plan.decided);
  const sortedFully = !!sort && plan.sortedBy >= sort.length;
  const deadline = opts.maxTimeMS ? performance.now() + opts.maxTimeMS : undefined;
  let out: Entry[] = [];
  let lastGroup: string | undefined;
  let seen = 0;
  for (const [e, key] of planEntries(coll, plan)) {
    if (deadline !== undefined && (++seen & 1023) === 0 && performance.now() > deadline) fail('MaxTimeMSExpired', 'operation exceeded time limit');
    if (want !== undefined && out.length >= want) {
      // Enough: unsorted, or in index order once the run of equal sort values has ended.
      if (!sort || sortedFully) break;
      if (plan.sortedBy && keyPrefix(key, plan.groupFields) !== lastGroup) break;
    }
    if (test && !test(e)) continue;
    out.push(e);
    if (plan.sortedBy) lastGroup = keyPrefix(key, plan.groupFields);
  }
  if (sort && !sortedFully) out = sortEntries(out, opts.sort!);
  if (skip || limit) out = out.slice(skip, limit ? skip + limit : undefined);
  return out;
}

/** How many documents match (without building the list when the index alone decides). */
export function countEntries(coll: Collection | undefined, filter: Filter): number {
  if (!coll) return 0;
  if (Object.keys(filter.raw).length === 0) return coll.docs.size;
  const plan = choosePlan(coll, filter.raw, { noDecide: filter.hasExactChecks });
  // Decided entirely by an index whose keys hold each document once: the count is the keys' counts.
  // (Distinct prefixes of a non-multikey index never share a document.)
  if (plan.kind === 'index' && !plan.dedupe && !filter.testerFor(plan.decided)) {
    const ix = plan.index!;
    let n = 0;
    if (plan.exactKeys) for (const k of plan.exactKeys) n += ix.countOf(k);
    else for (const [lo, hi] of plan.intervals!) for (const k of ix.keys(lo, hi)) n += ix.countOf(k);
    return n;
  }
  return findEntries(coll, filter).length;
}

/** explain's answer for a query: the plan the planner picks, and what running it returns. */
export function explainQuery(coll: Collection | undefined, filter: Filter, opts: FindOptions, ns: string): Doc {
  const sort = sortSpec(opts.sort);
  const limit = Math.abs(opts.limit ?? 0);
  const want = limit ? Math.max(0, opts.skip ?? 0) + limit : undefined;
  const plan = coll ? choosePlan(coll, filter.raw, { sort, want, noDecide: filter.hasExactChecks }) : undefined;
  let winningPlan: Doc = plan ? describePlan(plan) : { stage: 'EOF' };
  if (sort && plan && plan.sortedBy < sort.length) winningPlan = { stage: 'SORT', sortPattern: opts.sort, inputStage: winningPlan };
  if (limit) winningPlan = { stage: 'LIMIT', limitAmount: limit, inputStage: winningPlan };
  const started = performance.now();
  const n = findEntries(coll, filter, opts).length;
  return {
    queryPlanner: { namespace: ns, parsedQuery: filter.raw, winningPlan, rejectedPlans: [] },
    executionStats: { executionSuccess: true, nReturned: n, executionTimeMillis: Math.round(performance.now() - started) },
    ok: 1,
  };
}
