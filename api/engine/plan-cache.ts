// The plan cache: which index a query of one shape was answered through, kept per collection, as mongod
// keeps its plan cache. Planning counts keys of every usable index (a bookings query weighs twenty), which
// cost more than the query itself on the office's busiest screens. A query's shape is what decides the
// choice, not its values: the fields it names and how (one value, a few, a range; null among them), its
// sort, the size of its limit, a count or a find. A kept choice is rebuilt with the query's own values
// (its keys, what it decides) and planned afresh once the indexes change, the collection has doubled or
// halved, or after REPLAN_AFTER_WRITES writes (the values' spread may have moved). explain plans afresh,
// as mongod's does.
import type { Collection } from './collection.js';
import type { Cond } from './conditions.js';
import type { Index } from './indexes.js';
import { RANK } from './keys.js';
import type { Plan } from './plan.js';
import type { Doc } from './values.js';

export type Choice = { kind: 'collscan'; } | { kind: 'index'; index: string; sortOnly: boolean; estimate: number; };

interface Kept {
  choice: Choice;
  indexes: string;
  total: number;
  version: number;
}

const MAX_SHAPES = 256;
const REPLAN_AFTER_WRITES = 1000;
const kept = new WeakMap<Collection, Map<string, Kept>>();

/** How many values a field is asked for, in the steps that change a plan (one pins the order). */
const howMany = (n: number) => (n === 1 ? '1' : n <= 8 ? 'few' : n <= 64 ? 'some' : 'many');
const holdsNull = (lo: string, hi: string) => lo <= RANK.null && RANK.null < hi;

function condShape(c: Cond): string {
  let s = '';
  if (c.points) s += `=${howMany(c.points.length)}${c.points.some((k) => k.startsWith(RANK.null)) ? 'null' : ''}`;
  if (c.ranges) s += `<>${c.ranges.length}${c.twoSided ? 'both' : ''}${c.ranges.some(([lo, hi]) => holdsNull(lo, hi)) ? 'null' : ''}`;
  return s + (c.decidable ? 'd' : '') + (c.flat ? 'f' : '') + (c.topLevel ? 't' : '');
}

/** The query's shape: the same for two queries that differ only in their values. */
export function shapeOf(
  filter: Doc,
  conds: Map<string, Cond>,
  req: { sort?: [string, 1 | -1][]; want?: number; noDecide?: boolean; count?: boolean; },
): string {
  return JSON.stringify([
    req.count ? 'count' : 'find',
    req.noDecide === true,
    req.sort ?? null,
    req.want === undefined ? null : Math.round(Math.log2(req.want + 1)),
    Object.keys(filter),
    [...conds].map(([f, c]) => [f, condShape(c)]),
  ]);
}

/**
 * The indexes as the planner sees them: names, and per field whether it holds arrays. An index still
 * being filled after start-up is named as such (reading its fields would finish the fill on the spot).
 */
export function indexesSeen(all: Index[]): string {
  return all.map((ix) => `${ix.name}:${ix.filling ? '~' : ix.multikey.map((m) => (m ? 1 : 0)).join('')}`).join(',');
}

/** The choice kept for this shape, if it still holds for the collection as it is now. */
export function keptChoice(coll: Collection, shape: string, indexes: string): Choice | undefined {
  const k = kept.get(coll)?.get(shape);
  if (!k) return undefined;
  const total = coll.docs.size;
  const resized = total > 2 * k.total + 8 || 2 * total + 8 < k.total;
  if (k.indexes !== indexes || resized || coll.version - k.version > REPLAN_AFTER_WRITES) return undefined;
  return k.choice;
}

/** Keeps the plan chosen afresh for this shape (`sortOnly`: a walk of its index for the sort alone). */
export function keepChoice(coll: Collection, shape: string, indexes: string, plan: Plan, sortOnly: boolean): void {
  const choice: Choice = plan.kind === 'index' ? { kind: 'index', index: plan.index!.name, sortOnly, estimate: plan.estimate } : { kind: 'collscan' };
  let shapes = kept.get(coll);
  if (!shapes) kept.set(coll, shapes = new Map());
  // A burst of new shapes (ad-hoc queries) starts the cache again rather than growing it.
  if (shapes.size >= MAX_SHAPES && !shapes.has(shape)) shapes.clear();
  shapes.set(shape, { choice, indexes, total: coll.docs.size, version: coll.version });
}
