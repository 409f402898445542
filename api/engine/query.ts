// Filters: mingo decides what matches (minus what the chosen index already decided); this module
// refuses unsupported operators, runs the planner's choice, and sorts/skips/limits.
import { Query } from 'mingo';
import type { Collection } from './collection.js';
import type { Entry } from './entry.js';
import { splitExact } from './exact.js';
import { fail, unsupported } from './errors.js';
import { keyPrefix } from './key-tests.js';
import { choosePlan, describePlan, planEntries, sortSpec } from './planner.js';
import { idPrefilter } from './prefilter.js';
import { checkDeadline, due, type Steps } from './slices.js';
import { sortSteps } from './sort.js';
import { type Doc, getPath, isPlainObject, keyOf, toView } from './values.js';

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
  else if (isPlainObject(v)) {
    for (const k of Object.keys(v)) {
      if (k in REFUSED) unsupported(REFUSED[k]);
      refuseUnsupported(v[k]);
    }
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
        if (
          !k.startsWith('$') && isPlainObject(v) && Object.keys(v).length === 1 && Array.isArray(v.$in) && v.$in.length > SET_IN_MIN &&
          v.$in.every((x) => x !== null && indexable(x))
        ) sets.push(inSet(k, v.$in));
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
const plainValue = (v: unknown) => indexable(v) && !(typeof v === 'object' && v !== null && (v as { _bsontype?: string; })._bsontype === 'Decimal128');

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
  return !(v instanceof RegExp) && !Array.isArray(v) && !isPlainObject(v) && (v as { _bsontype?: string; })?._bsontype !== 'BSONRegExp';
}

export interface FindOptions {
  sort?: Doc;
  skip?: number;
  limit?: number;
  /** Give up with MaxTimeMSExpired once the scan has run this long. */
  maxTimeMS?: number;
  /** Or: give up at this performance.now() time (the command's, when it does more than one scan). */
  deadline?: number;
  /** Counted as mongod's explain counts them: index keys read, documents fetched for a test or the answer. */
  stats?: { keysExamined: number; docsExamined: number; };
}

/** The deadline a maxTimeMS sets, from now. */
export const deadlineOf = (maxTimeMS: number | undefined) => (maxTimeMS ? performance.now() + maxTimeMS : undefined);

/**
 * Documents matching a filter, found through the plan the planner picks, in steps that pause between
 * slices (run them with drive() or runSync()). Entries never change (a write swaps in a new one),
 * and the walk finds its place again in an index that changed; once the collection has changed while
 * paused, each further document is tested against the whole filter (what the index said of it may be
 * out of date) and the answer holds each document once.
 */
export function* findSteps(coll: Collection | undefined, filter: Filter, opts: FindOptions = {}): Steps<Entry[]> {
  if (!coll) return [];
  const skip = Math.max(0, opts.skip ?? 0);
  const limit = Math.abs(opts.limit ?? 0);
  const sort = sortSpec(opts.sort);
  if (opts.sort && Object.values(opts.sort).some(isPlainObject)) unsupported('$meta sort (text score)');
  const want = limit ? skip + limit : undefined;
  const plan = choosePlan(coll, filter.raw, { sort, want, noDecide: filter.hasExactChecks });
  let test = filter.testerFor(plan.decided);
  const sortedFully = !!sort && plan.sortedBy >= sort.length;
  const deadline = opts.deadline ?? deadlineOf(opts.maxTimeMS);
  let out: Entry[] = [];
  let lastGroup: string | undefined;
  // In index order by the leading sort fields: each entry's run of equal values, so only runs need sorting.
  let groups: string[] | undefined = sort && !sortedFully && plan.sortedBy ? [] : undefined;
  let version = coll.version;
  let changed = false;
  // Once a walk has tested PREFILTER_AFTER documents (`met`), the ids the filter's other indexed
  // conditions allow (prefilter.ts) less those met: a sparse match far down a sort order then costs a set
  // lookup per document, not a decode, and the walk ends once every allowed id has been met.
  let met: string[] | undefined = test && plan.kind === 'index' ? [] : undefined;
  let pre: Set<string> | undefined;
  const stats = opts.stats;
  for (const [e, key] of planEntries(coll, plan, stats)) {
    if (due()) {
      yield* pause(coll, deadline);
      if (coll.version !== version) {
        version = coll.version;
        changed = true;
        test = filter.testerFor(new Set());
        // What the indexes said may be out of date now: every further document is tested.
        pre = met = undefined;
      }
    }
    if (want !== undefined && out.length >= want) {
      // Enough: unsorted, or in index order once the run of equal sort values has ended.
      if (!sort || sortedFully) break;
      if (plan.sortedBy && keyPrefix(key, plan.groupFields) !== lastGroup) break;
    }
    if (pre) {
      if (!pre.size) break;
      if (!pre.delete(e.id)) continue;
    } else if (met && met.push(e.id) === PREFILTER_AFTER) {
      pre = idPrefilter(coll, filter.raw, plan.decided)?.ids;
      if (pre) { for (const id of met) pre.delete(id); }
      met = undefined;
    }
    if (stats) stats.docsExamined++;
    if (test && !test(e)) continue;
    out.push(e);
    if (plan.sortedBy) lastGroup = keyPrefix(key, plan.groupFields);
    groups?.push(lastGroup!);
  }
  if (changed) {
    // A document that moved ahead in the index while paused was met twice: keep its first version.
    const ids = new Set<string>();
    const keep = out.map((e) => !ids.has(e.id) && !!ids.add(e.id));
    out = out.filter((_, i) => keep[i]);
    groups = groups?.filter((_, i) => keep[i]);
  }
  if (groups) out = yield* sortRuns(out, groups, opts.sort!, skip, limit ? skip + limit : out.length, deadline);
  else if (sort && !sortedFully) out = yield* sortSteps(out, opts.sort!, deadline);
  if (skip || limit) out = out.slice(skip, limit ? skip + limit : undefined);
  return out;
}

/**
 * Entries already in order by their leading sort values (`groups`: equal for a run of equal values)
 * sorted by the rest within each run. Only runs that reach into [from, to) are sorted (the others are
 * cut away by skip and limit), and a run of one is left as it is: no document is read to sort it.
 */
function* sortRuns(entries: Entry[], groups: string[], sort: Doc, from: number, to: number, deadline: number | undefined): Steps<Entry[]> {
  const out = entries.slice();
  for (let i = 0; i < entries.length && i < to;) {
    let j = i + 1;
    while (j < entries.length && groups[j] === groups[i]) j++;
    if (j - i > 1 && j > from) {
      const run = yield* sortSteps(entries.slice(i, j), sort, deadline);
      for (let k = 0; k < run.length; k++) out[i + k] = run[k];
    }
    i = j;
  }
  return out;
}

/** Documents a walk tests before it asks the indexes which ids can match at all (a dense match never does). */
const PREFILTER_AFTER = 256;

/** Gives other connections their turn; the command fails if its time is up or its collection went. */
export function* pause(coll: Collection, deadline: number | undefined): Steps<void> {
  checkDeadline(deadline);
  yield;
  checkDeadline(deadline);
  if (coll.gone) fail('QueryPlanKilled', `collection dropped while the query ran: ${coll.ns}`);
}

/** How many documents match (without building the list when the index alone decides). */
/**
 * `upTo`: the caller needs the count only up to this many (a count's skip + limit, as mongod's
 * COUNT stage stops there): a document walk ends once it is reached, and the answer may exceed it. A
 * count an index decides needs no cap: its ranges are summed from key blocks' totals, exactly.
 */
export function* countSteps(coll: Collection | undefined, filter: Filter, deadline?: number, upTo?: number): Steps<number> {
  if (!coll) return 0;
  if (Object.keys(filter.raw).length === 0) return coll.docs.size;
  const plan = choosePlan(coll, filter.raw, { noDecide: filter.hasExactChecks, count: true });
  // Decided entirely by an index whose keys hold each document once: the count is the keys' counts, and
  // no document is read. (Distinct prefixes never share a document when every multikey field is pinned
  // to one value.)
  if (plan.kind === 'index' && plan.countable && !filter.testerFor(plan.decided)) {
    const ix = plan.index!;
    let n = 0;
    // An interval's documents are summed by blocks of keys (sorted.ts), not key by key: no pause, so no
    // write can make a field multikey meanwhile.
    if (plan.exactKeys) { for (const k of plan.exactKeys) n += ix.countOf(k); }
    else for (const [lo, hi] of plan.intervals!) n += ix.docsIn(lo, hi);
    return n;
  }
  // Conditions the indexes answer exactly, with nothing else in the filter (a search's words): the ids
  // they all allow are the count, no document read.
  const pre = filter.hasExactChecks ? undefined : idPrefilter(coll, filter.raw, undefined, { upTo });
  if (pre?.exact) return pre.ids.size;
  return (yield* findSteps(coll, filter, { deadline, limit: upTo })).length;
}

/** explain's answer for a query: the plan the planner picks, and what running it returns. */
export function* explainSteps(coll: Collection | undefined, filter: Filter, opts: FindOptions, ns: string): Steps<Doc> {
  const sort = sortSpec(opts.sort);
  const limit = Math.abs(opts.limit ?? 0);
  const want = limit ? Math.max(0, opts.skip ?? 0) + limit : undefined;
  const plan = coll ? choosePlan(coll, filter.raw, { sort, want, noDecide: filter.hasExactChecks }) : undefined;
  let winningPlan: Doc = plan ? describePlan(plan) : { stage: 'EOF' };
  if (sort && plan && plan.sortedBy < sort.length) winningPlan = { stage: 'SORT', sortPattern: opts.sort, inputStage: winningPlan };
  if (limit) winningPlan = { stage: 'LIMIT', limitAmount: limit, inputStage: winningPlan };
  const started = performance.now();
  const stats = { keysExamined: 0, docsExamined: 0 };
  const n = (yield* findSteps(coll, filter, { ...opts, stats })).length;
  return {
    queryPlanner: { namespace: ns, parsedQuery: filter.raw, winningPlan, rejectedPlans: [] },
    executionStats: {
      executionSuccess: true,
      nReturned: n,
      executionTimeMillis: Math.round(performance.now() - started),
      totalKeysExamined: stats.keysExamined,
      totalDocsExamined: stats.docsExamined,
    },
    ok: 1,
  };
}
