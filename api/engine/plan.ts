// A chosen plan (planner.ts picks it): what it holds, the entries it yields, its key count, and its
// description for explain.
import type { Collection } from './collection.js';
import type { Entry } from './entry.js';
import type { Index } from './indexes.js';
import { type KeyTest, keyPasses } from './key-tests.js';
import { type Doc, keyOf } from './values.js';

export interface Plan {
  kind: 'collscan' | 'ids' | 'index';
  index?: Index;
  /** For `ids`: the _id values. */
  ids?: unknown[];
  /** For `index`: exact keys, or key intervals [lo, hi). */
  exactKeys?: string[];
  intervals?: [string, string][];
  /** Top-level fields the index answers exactly. */
  decided: Set<string>;
  /** Number of leading sort fields the index order provides (0: none). */
  sortedBy: number;
  /** Leading index fields that hold those sort fields: a run of equal sort values = equal key prefix. */
  groupFields: number;
  reverse: boolean;
  /** Estimated documents to fetch (capped). */
  estimate: number;
  /** Leading index fields the filter gives values for (more: a narrower plan, counted first). */
  pointFields?: number;
  dedupe: boolean;
  /**
   * Each document has at most one key in the plan's keys (every multikey field of the index pinned to
   * one value), so a count of keys' documents is the count of documents.
   */
  countable?: boolean;
  /**
   * Conditions on index fields after the first range (or after a field the filter leaves open): each
   * key's part for that field is tested before its documents are fetched, as mongod's index bounds
   * do for `{ accepted_at: range, accept_wait_min: null }`. The documents are still tested after.
   */
  keyTests?: KeyTest[];
}

/** Distinct keys a plan visits (block sizes for intervals: no walk). */
export function keysVisited(plan: Plan): number {
  if (plan.exactKeys) return plan.exactKeys.length;
  let n = 0;
  for (const [lo, hi] of plan.intervals!) n += plan.index!.keyCount(lo, hi);
  return n;
}

/** Yields the plan's candidate entries (each once), in index order when the plan is sorted. */
export function* planEntries(coll: Collection, plan: Plan, stats?: { keysExamined: number; }): Generator<[Entry, string]> {
  if (plan.kind === 'collscan') {
    for (const e of coll.docs.values()) yield [e, ''];
    return;
  }
  if (plan.kind === 'ids') {
    const seen = new Set<string>();
    for (const v of plan.ids!) {
      const e = coll.docs.get(keyOf(v));
      if (e && !seen.has(e.id)) {
        seen.add(e.id);
        yield [e, ''];
      }
    }
    return;
  }
  const ix = plan.index!;
  const seen = plan.dedupe || (plan.intervals?.length ?? plan.exactKeys!.length) > 1 ? new Set<string>() : undefined;
  // Intervals are in ascending key order: walked backwards, the last comes first.
  const intervals = plan.reverse ? [...(plan.intervals ?? [])].reverse() : plan.intervals;
  const keys = plan.exactKeys ?? (function*() {
    for (const [lo, hi] of intervals!) yield* ix.keys(lo, hi, plan.reverse);
  })();
  const tests = plan.keyTests;
  for (const k of keys) {
    if (stats) stats.keysExamined++;
    if (tests && !keyPasses(tests, k)) continue;
    for (const id of ix.lookup(k)) {
      if (seen) {
        if (seen.has(id)) continue;
        seen.add(id);
      }
      const e = coll.docs.get(id);
      if (e) yield [e, k];
    }
  }
}

/** explain's winningPlan for a plan, in mongod's shape. */
export function describePlan(plan: Plan): Doc {
  if (plan.kind === 'collscan') return { stage: 'COLLSCAN', direction: 'forward' };
  if (plan.kind === 'ids') {
    return { stage: 'FETCH', inputStage: { stage: 'IXSCAN', indexName: '_id_', keyPattern: { _id: 1 }, isMultiKey: false, direction: 'forward' } };
  }
  const ix = plan.index!;
  return {
    stage: 'FETCH',
    inputStage: {
      stage: 'IXSCAN',
      indexName: ix.name,
      keyPattern: ix.spec.key,
      isMultiKey: ix.multikey.some(Boolean),
      direction: plan.reverse ? 'backward' : 'forward',
      isUnique: ix.unique,
    },
  };
}
