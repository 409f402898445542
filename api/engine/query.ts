// Finding, counting and explaining: runs the planner's choice, tests each document with its filter
// (filter.ts), and sorts/skips/limits.
import type { Collection } from './collection.js';
import type { Entry } from './entry.js';
import { fail, unsupported } from './errors.js';
import type { Filter } from './filter.js';
import { keyPrefix } from './key-tests.js';
import { describePlan, planEntries } from './plan.js';
import { choosePlan } from './planner.js';
import { idPrefilter } from './prefilter.js';
import { checkDeadline, due, type Steps } from './slices.js';
import { sortSpec, sortSteps } from './sort.js';
import { type Doc, isPlainObject } from './values.js';

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
  /** Planned afresh, not from the plan cache (explain: what the planner would choose now). */
  fresh?: boolean;
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
  const plan = choosePlan(coll, filter.raw, { sort, want, noDecide: filter.hasExactChecks }, { fresh: opts.fresh });
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
  const plan = coll ? choosePlan(coll, filter.raw, { sort, want, noDecide: filter.hasExactChecks }, { fresh: true }) : undefined;
  let winningPlan: Doc = plan ? describePlan(plan) : { stage: 'EOF' };
  if (sort && plan && plan.sortedBy < sort.length) winningPlan = { stage: 'SORT', sortPattern: opts.sort, inputStage: winningPlan };
  if (limit) winningPlan = { stage: 'LIMIT', limitAmount: limit, inputStage: winningPlan };
  const started = performance.now();
  const stats = { keysExamined: 0, docsExamined: 0 };
  const n = (yield* findSteps(coll, filter, { ...opts, stats, fresh: true })).length;
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
