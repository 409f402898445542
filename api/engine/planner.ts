// The query planner: turns a filter's conditions (conditions.ts) into key intervals on each usable
// index, estimates the documents each plan would fetch (keys counted up to the best count so far, so
// losing plans stop early; a long interval sampled), and
// picks the cheapest, preferring one that yields the requested sort order when a limit makes that pay.
// Conditions a plan's index fully decides are reported so the caller does not test them again.
import type { Collection } from './collection.js';
import type { Index } from './indexes.js';
import { keysVisited, type Plan } from './plan.js';
import { type Cond, conditions } from './conditions.js';
import { keyPasses, laterKeyTests } from './key-tests.js';
import { type Choice, indexesSeen, keepChoice, keptChoice, shapeOf } from './plan-cache.js';
import { RANK, SEP, TOP } from './keys.js';
import type { Doc } from './values.js';

const MAX_POINTS = 10_000;
const ESTIMATE_LIMIT = 4096;

export interface PlanRequest {
  sort?: [string, 1 | -1][];
  /** skip + limit, when a limit is given. */
  want?: number;
  /** Whether the filter has checks that no index can decide (int64 beyond 2^53). */
  noDecide?: boolean;
  /** A count: a plan that decides every condition is counted from its keys without touching documents. */
  count?: boolean;
}

/**
 * What reading one document costs beside reading one key: a stored document is BSON bytes decoded on
 * use (tens of µs), a key a string already in memory (a fraction of a µs). A count an index decides
 * entirely reads keys only, one per distinct key (its documents are counted by the key's set size).
 */
const KEYS_PER_DOC = 10;

export function indexPlan(ix: Index, conds: Map<string, Cond>, req: PlanRequest): Plan | undefined {
  let prefixes = [''];
  const decided = new Set<string>();
  let i = 0;
  let range: Cond | undefined;
  let pinned = 0;
  // A multikey field holds one key per element: only one pinned value keeps a document to one key.
  let countable = true;
  for (; i < ix.fields.length; i++) {
    const f = ix.fields[i];
    const c = conds.get(f);
    if (!c) break;
    if (ix.multikey[i] && c.points?.length !== 1) countable = false;
    const exact = c.topLevel && (c.decidable || (c.flat === true && !ix.multikey[i] && !f.includes('.')));
    if (c.points) {
      if (prefixes.length * c.points.length > MAX_POINTS) break;
      const next: string[] = [];
      for (const p of prefixes) for (const pt of c.points) next.push(p + pt + SEP);
      prefixes = next;
      if (exact) decided.add(f);
      if (c.points.length === 1) pinned++;
      continue;
    }
    range = c;
    if (exact && !(ix.multikey[i] && c.twoSided)) decided.add(f);
    break;
  }
  if (i === 0 && !range) return undefined;
  const keyTests = laterKeyTests(ix, conds, range ? i + 1 : i);
  // The fields from the first not given as one or more points on hold any values (range included).
  for (let j = i; j < ix.fields.length; j++) if (ix.multikey[j]) countable = false;
  const plan: Plan = {
    kind: 'index',
    index: ix,
    decided,
    sortedBy: 0,
    groupFields: 0,
    reverse: false,
    estimate: 0,
    dedupe: ix.multikey.some(Boolean),
    pointFields: range ? i + 0.5 : i,
    countable,
  };
  if (keyTests.length && i < ix.fields.length) plan.keyTests = keyTests;
  if (range) {
    // An array field's keys are its elements: a two-sided range must only bound one side there.
    const twoSided = ix.multikey[i] && range.twoSided;
    plan.intervals = prefixes.flatMap((p) => range.ranges!.map(([lo, hi]): [string, string] => [p + lo, twoSided ? p + lo.slice(0, 1) + TOP : p + hi]));
  } else if (i === ix.fields.length) plan.exactKeys = prefixes;
  else plan.intervals = prefixes.map((p) => [p, p + TOP]);
  // Sort order: with one prefix (every equality pinned to one value), the next fields come in order.
  if (req.sort && prefixes.length === 1 && pinned === i) {
    const pinnedFields = new Set(ix.fields.slice(0, pinned));
    let dir: 1 | -1 | undefined;
    let s = 0;
    let j = pinned;
    for (const [f, d] of req.sort) {
      if (pinnedFields.has(f)) {
        s++;
        continue;
      }
      dir ??= d;
      if (ix.fields[j] !== f || d !== dir || ix.multikey[j]) break;
      s++;
      j++;
    }
    if (j > pinned) {
      plan.sortedBy = s;
      plan.groupFields = j;
      plan.reverse = dir === -1;
    }
  }
  return plan;
}

/** Keys of one interval counted one by one; beyond that, the rest is extrapolated from them. */
const SAMPLE_KEYS = 256;

/**
 * Documents the plan would fetch, counting at most `cap`. An interval of many distinct keys is
 * estimated from its first SAMPLE_KEYS keys' documents and its number of keys, so planning a query
 * over an employee's years of bookings does not walk every key of every candidate index.
 */
function estimate(plan: Plan, cap: number): number {
  const ix = plan.index!;
  let n = 0;
  if (plan.exactKeys) {
    for (const k of plan.exactKeys) if ((n += ix.countOf(k)) >= cap) return n;
    return n;
  }
  // With key tests, a key that fails them costs its read only (KEYS_PER_DOC keys cost one document).
  const tests = plan.keyTests;
  for (const [lo, hi] of plan.intervals!) {
    let keys = 0;
    let docs = 0;
    for (const k of ix.keys(lo, hi)) {
      docs += keyPasses(tests, k) ? ix.countOf(k) : 1 / KEYS_PER_DOC;
      if (n + docs >= cap) return n + docs;
      if (++keys === SAMPLE_KEYS) {
        docs = Math.round((docs / keys) * ix.keyCount(lo, hi));
        break;
      }
    }
    if ((n += docs) >= cap) return n;
  }
  return n;
}

/**
 * Whether the index holds every document the filter can match: a complete one always; a sparse one
 * (without a partial filter) when one of its fields is asked for values that exclude missing and null,
 * as MongoDB plans it (a document without all its fields is left out, but cannot match then).
 */
function usable(ix: Index, conds: Map<string, Cond>): boolean {
  if (ix.complete) return true;
  if (!ix.spec.sparse || ix.spec.partialFilterExpression) return false;
  return ix.fields.some((f) => {
    const c = conds.get(f);
    if (!c) return false;
    if (c.points) return c.points.length > 0 && c.points.every((k) => !k.startsWith(RANK.null));
    return !!c.ranges && c.ranges.every(([lo, hi]) => !(lo <= RANK.null && RANK.null < hi));
  });
}

/**
 * Chooses how to find the documents of a filter: the choice kept for the query's shape (plan-cache.ts),
 * rebuilt with its values, or a fresh one (always for explain: `fresh`).
 */
export function choosePlan(coll: Collection, filter: Doc, req: PlanRequest, opts: { fresh?: boolean; } = {}): Plan {
  const conds = conditions(filter);
  const idc = conds.get('_id');
  const total = coll.docs.size;
  const decidedOr = (s: Set<string>) => (req.noDecide ? new Set<string>() : s);
  if (idc?.points) {
    return {
      kind: 'ids',
      ids: idc.values,
      decided: decidedOr(idc.decidable && idc.topLevel ? new Set(['_id']) : new Set()),
      sortedBy: 0,
      groupFields: 0,
      reverse: false,
      estimate: idc.values!.length,
      dedupe: false,
    };
  }
  // The ordered _id index is built on first need (every document's key): only for a range or sort on _id.
  const all = idc || req.sort?.[0][0] === '_id' ? [coll.idIndex, ...coll.indexes.values()] : [...coll.indexes.values()];
  const shape = opts.fresh ? undefined : shapeOf(filter, conds, req);
  const choice = shape && keptChoice(coll, shape, indexesSeen(all));
  if (choice) {
    const again = rebuilt(choice, all, conds, req, total);
    if (again) {
      again.decided = decidedOr(again.decided);
      return again;
    }
  }
  const { best, sortOnly } = planAfresh(all, filter, conds, req, total);
  if (shape) keepChoice(coll, shape, indexesSeen(all), best, sortOnly);
  return best;
}

/** A kept choice made again with this query's values; none when its index cannot serve them. */
function rebuilt(choice: Choice, all: Index[], conds: Map<string, Cond>, req: PlanRequest, total: number): Plan | undefined {
  if (choice.kind === 'collscan') return collscan(total);
  const ix = all.find((i) => i.name === choice.index);
  if (!ix || !usable(ix, conds)) return undefined;
  const p = choice.sortOnly ? sortOnlyPlan(ix, conds, req, total) : indexPlan(ix, conds, req);
  if (p) p.estimate = choice.estimate;
  return p;
}

const collscan = (total: number): Plan => ({
  kind: 'collscan',
  decided: new Set(),
  sortedBy: 0,
  groupFields: 0,
  reverse: false,
  estimate: total,
  dedupe: false,
});

/** A walk of the whole index in its order, for a sort it gives (worth having when the filter names no field of it). */
function sortOnlyPlan(ix: Index, conds: Map<string, Cond>, req: PlanRequest, total: number): Plan | undefined {
  // The field first: reading multikey finishes an index still being filled after start-up.
  if (!req.sort || !usable(ix, conds) || ix.fields[0] !== req.sort[0][0] || ix.multikey[0]) return undefined;
  const dir = req.sort[0][1];
  let s = 0;
  while (s < req.sort.length && ix.fields[s] === req.sort[s][0] && req.sort[s][1] === dir && !ix.multikey[s]) s++;
  return {
    kind: 'index',
    index: ix,
    intervals: [['', TOP]],
    decided: new Set(),
    sortedBy: s,
    groupFields: s,
    reverse: dir === -1,
    estimate: total,
    dedupe: false,
  };
}

/** Every usable index's plan estimated (the most specific first, so its count caps the others'), the cheapest taken. */
function planAfresh(all: Index[], filter: Doc, conds: Map<string, Cond>, req: PlanRequest, total: number): { best: Plan; sortOnly: boolean; } {
  const decidedOr = (s: Set<string>) => (req.noDecide ? new Set<string>() : s);
  const candidates: Plan[] = [];
  for (const ix of all) {
    if (!usable(ix, conds)) continue;
    const p = indexPlan(ix, conds, req);
    if (p) candidates.push(p);
  }
  // A plan that gives the sort order is also worth having when the filter names no indexed field.
  const sortOnly = new Set<Plan>();
  for (const ix of req.sort ? all : []) {
    if (candidates.some((c) => c.index === ix)) continue;
    const p = sortOnlyPlan(ix, conds, req, total);
    if (!p) continue;
    candidates.push(p);
    sortOnly.add(p);
  }
  // Most specific first, so the first count is a tight cap for the others; no count goes past
  // ESTIMATE_LIMIT keys (beyond that, the more specific plan is taken), so planning stays cheap.
  candidates.sort(
    (a, b) =>
      (b.exactKeys ? 1 : 0) - (a.exactKeys ? 1 : 0) ||
      (b.index!.unique ? 1 : 0) - (a.index!.unique ? 1 : 0) ||
      (b.pointFields ?? 0) - (a.pointFields ?? 0) ||
      b.decided.size - a.decided.size,
  );
  let best = collscan(total);
  let bestCost = total;
  let bestSorted: Plan | undefined;
  const fields = Object.keys(filter);
  for (const p of candidates) {
    // A count its index decides entirely reads keys only: cheaper per candidate than one that tests documents.
    // Its cost is then the keys it visits, not the documents they hold.
    const keysOnly = req.count && !req.noDecide && p.countable && fields.every((f) => p.decided.has(f));
    let cost: number;
    if (keysOnly) {
      p.estimate = keysVisited(p);
      cost = p.estimate / KEYS_PER_DOC;
    } else {
      if (p.intervals?.length === 1 && p.intervals[0][0] === '' && p.decided.size === 0) p.estimate = total;
      else p.estimate = estimate(p, Math.min(ESTIMATE_LIMIT, p.sortedBy ? total + 1 : bestCost + 1));
      cost = p.estimate;
    }
    p.decided = decidedOr(p.decided);
    if (cost < bestCost || (cost === bestCost && (best.kind === 'collscan' || p.decided.size > best.decided.size))) {
      best = p;
      bestCost = cost;
    }
    if (p.sortedBy && (!bestSorted || p.sortedBy > bestSorted.sortedBy || (p.sortedBy === bestSorted.sortedBy && p.estimate < bestSorted.estimate))) {
      bestSorted = p;
    }
  }
  if (bestSorted && bestSorted !== best && req.sort) {
    // Walking in sort order stops after `want` matches; expected visits grow as matches get rarer.
    const matches = Math.max(1, best.estimate);
    const sortedCost = req.want !== undefined ? Math.min(bestSorted.estimate, (req.want * bestSorted.estimate) / matches) : bestSorted.estimate;
    const bestCost = best.estimate * (1 + Math.log2(best.estimate + 1) / 8);
    if (sortedCost <= bestCost) best = bestSorted;
  }
  return { best, sortOnly: sortOnly.has(best) };
}
