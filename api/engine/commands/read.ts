// Reads: find (+ getMore/killCursors), count, distinct, aggregate.
import { Aggregator } from 'mingo';
import type { Entry } from '../entry.js';
import type { CursorDoc } from '../cursors.js';
import { fail, unsupported } from '../errors.js';
import { groupFromKeys } from '../group-keys.js';
import { Filter, refuseUnsupported } from '../filter.js';
import { mingoOptions } from '../mingo-query.js';
import { countSteps, deadlineOf, explainSteps, findSteps, type FindOptions } from '../query.js';
import type { Steps } from '../slices.js';
import { cloneTree, type Doc, getPath, isPlainObject, keyOf, optNum, toView } from '../values.js';
import { collName, type Ctx, docOr, type Handler } from './context.js';
import { projectSteps } from './projection.js';

const lazyRaw = (e: Entry): CursorDoc => (e.blob ? () => e.raw : e.raw);

function cursorReply(ctx: Ctx, ns: string, docs: CursorDoc[], batchSize: number, single: boolean): Doc {
  const { batch, id } = ctx.cursors.start(ns, docs, batchSize, single);
  return { cursor: { firstBatch: batch, id, ns }, ok: 1 };
}

const find: Handler = function*(ctx) {
  const name = collName(ctx, 'find');
  const cmd = ctx.cmd;
  if (cmd.collation) unsupportedCollation(cmd.collation);
  if (cmd.tailable || cmd.awaitData) unsupported('tailable cursors');
  const filter = new Filter(docOr(cmd.filter));
  const limitRaw = optNum(cmd.limit, 0);
  const deadline = deadlineOf(optNum(cmd.maxTimeMS, 0));
  const coll = ctx.store.collection(ctx.db, name);
  const entries = yield* findSteps(coll, filter, {
    sort: docOr(cmd.sort),
    skip: optNum(cmd.skip, 0),
    limit: Math.abs(limitRaw),
    deadline,
  });
  const projection = cmd.projection as Doc | undefined;
  // Large documents are read from their blob segment only when their batch is sent.
  const docs = projection && Object.keys(projection).length ? yield* projectSteps(coll!, entries, projection, deadline) : entries.map(lazyRaw);
  const single = cmd.singleBatch === true || limitRaw < 0;
  return cursorReply(ctx, `${ctx.db}.${name}`, docs, optNum(cmd.batchSize, 0), single);
};

const getMore: Handler = (ctx) => {
  const r = ctx.cursors.next(ctx.cmd.getMore, optNum(ctx.cmd.batchSize, 0));
  if (!r) fail('CursorNotFound', `cursor id ${String(ctx.cmd.getMore)} not found`);
  return { cursor: { nextBatch: r.batch, id: r.id, ns: r.ns }, ok: 1 };
};

const killCursors: Handler = (ctx) => {
  const ids = Array.isArray(ctx.cmd.cursors) ? ctx.cmd.cursors : [];
  const killed: unknown[] = [];
  const notFound: unknown[] = [];
  for (const id of ids) (ctx.cursors.kill(id) ? killed : notFound).push(id);
  return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
};

const count: Handler = function*(ctx) {
  const name = collName(ctx, 'count');
  if (ctx.cmd.collation) unsupportedCollation(ctx.cmd.collation);
  const filter = new Filter(docOr(ctx.cmd.query));
  const coll = ctx.store.collection(ctx.db, name);
  const skip = optNum(ctx.cmd.skip, 0);
  const limit = Math.abs(optNum(ctx.cmd.limit, 0));
  let n = yield* countSteps(coll, filter, deadlineOf(optNum(ctx.cmd.maxTimeMS, 0)), limit ? Math.max(0, skip) + limit : undefined);
  n = Math.max(0, n - skip);
  if (limit) n = Math.min(n, limit);
  return { n, ok: 1 };
};

const distinct: Handler = function*(ctx) {
  const name = collName(ctx, 'distinct');
  if (ctx.cmd.collation) unsupportedCollation(ctx.cmd.collation);
  const key = ctx.cmd.key;
  if (typeof key !== 'string') fail('TypeMismatch', 'key must be a string');
  const filter = new Filter(docOr(ctx.cmd.query));
  const seen = new Map<string, unknown>();
  for (const e of yield* findSteps(ctx.store.collection(ctx.db, name), filter, { deadline: deadlineOf(optNum(ctx.cmd.maxTimeMS, 0)) })) {
    const v = getPath(e.raw, key);
    for (const x of Array.isArray(v) ? v : [v]) if (x !== undefined && !seen.has(keyOf(x))) seen.set(keyOf(x), x);
  }
  return { values: [...seen.values()], ok: 1 };
};

/** Stages mingo may apply by mutating its input: give those a private copy of the documents. */
const MUTATING = new Set([
  '$addFields',
  '$set',
  '$unset',
  '$lookup',
  '$graphLookup',
  '$replaceRoot',
  '$replaceWith',
  '$merge',
  '$out',
  '$setWindowFields',
  '$fill',
  '$densify',
]);

const aggregate = function*(ctx: Ctx): Steps<Doc> {
  const target = ctx.cmd.aggregate;
  if (typeof target !== 'string') unsupported('collection-less aggregate ({ aggregate: 1 })');
  if (ctx.cmd.collation) unsupportedCollation(ctx.cmd.collation);
  const pipeline = Array.isArray(ctx.cmd.pipeline) ? (ctx.cmd.pipeline as Doc[]) : fail('TypeMismatch', "'pipeline' option must be specified as an array");
  refuseUnsupported(pipeline);
  for (const st of pipeline) {
    const op = Object.keys(st)[0];
    if (op === '$out' || op === '$merge') unsupported(`${op} (aggregation write stages)`);
  }
  // Leading $match stages go through the index-aware filter; the rest runs in mingo.
  let i = 0;
  const matches: Doc[] = [];
  while (i < pipeline.length && isPlainObject(pipeline[i].$match)) matches.push(pipeline[i++].$match as Doc);
  const filter = new Filter(matches.length === 1 ? matches[0] : matches.length ? { $and: matches } : {});
  // A $sort and $skip/$limit right after the match run with it, so an index can give the order.
  const opts: FindOptions = { deadline: deadlineOf(optNum(ctx.cmd.maxTimeMS, 0)) };
  if (isPlainObject(pipeline[i]?.$sort)) {
    opts.sort = pipeline[i++].$sort as Doc;
    let limit = 0;
    let skip = 0;
    for (; i < pipeline.length; i++) {
      if (pipeline[i].$skip !== undefined && !limit) skip += optNum(pipeline[i].$skip, 0);
      else if (pipeline[i].$limit !== undefined) limit = limit ? Math.min(limit, optNum(pipeline[i].$limit, 0)) : optNum(pipeline[i].$limit, 0);
      else break;
    }
    opts.skip = skip;
    opts.limit = limit;
  }
  const coll = ctx.store.collection(ctx.db, target);
  if (ctx.cmd.explain) return yield* explainSteps(coll, filter, opts, `${ctx.db}.${target}`);
  const rest = pipeline.slice(i);
  const ns = `${ctx.db}.${target}`;
  const batchSize = optNum(docOr(ctx.cmd.cursor).batchSize, 0);
  // countDocuments: counted like the count command (from the index alone when it decides the filter),
  // without listing the documents.
  if (!opts.sort && rest.length && countShortcut(rest, 0)) {
    return cursorReply(ctx, ns, countShortcut(rest, yield* countSteps(coll, filter, opts.deadline, countNeeded(rest)))!, batchSize, false);
  }
  // A count per value of one indexed field, from the keys of an index that decides the match alone.
  const grouped = !opts.sort && rest.length ? yield* groupFromKeys(coll, filter, rest, opts.deadline) : undefined;
  if (grouped) return cursorReply(ctx, ns, grouped, batchSize, false);
  // Stages after the leading $match/$sort/$skip/$limit run in mingo in one piece.
  const entries = yield* findSteps(coll, filter, opts);
  if (rest.length === 0) return cursorReply(ctx, ns, entries.map(lazyRaw), batchSize, false);
  const counted = countShortcut(rest, entries.length);
  if (counted) return cursorReply(ctx, ns, counted, batchSize, false);
  const clone = rest.some((st) => MUTATING.has(Object.keys(st)[0]));
  const input = entries.map((e) => (clone ? cloneTree(e.view) : e.view));
  const agg = new Aggregator(toView(rest) as Doc[], {
    ...mingoOptions,
    collectionResolver: (name: string) => [...(ctx.store.collection(ctx.db, name)?.docs.values() ?? [])].map((e) => cloneTree(e.view)),
  });
  const out = agg.run(input) as Doc[];
  return cursorReply(ctx, ns, out, batchSize, false);
};

/**
 * countDocuments() sends [$match, ($skip), ($limit), { $group: { _id: 1, n: { $sum: 1 } } }]: answer it
 * from the match count instead of materialising every document for mingo.
 */
function countShortcut(stages: Doc[], matched: number): Doc[] | undefined {
  let n = matched;
  let i = 0;
  for (; i < stages.length - 1; i++) {
    const [op, v] = Object.entries(stages[i])[0] ?? [];
    if (op === '$skip') n = Math.max(0, n - optNum(v, 0));
    else if (op === '$limit') n = Math.min(n, optNum(v, n));
    else return undefined;
  }
  const group = stages[i]?.$group;
  if (!isPlainObject(group) || Object.keys(stages[i]).length !== 1) return undefined;
  const id = group._id;
  if (isPlainObject(id) || Array.isArray(id) || (typeof id === 'string' && id.startsWith('$'))) return undefined;
  const out: Doc = { _id: id ?? null };
  for (const [k, acc] of Object.entries(group)) {
    if (k === '_id') continue;
    if (!isPlainObject(acc) || Object.keys(acc).length !== 1 || optNum(acc.$sum, NaN) !== 1) return undefined;
    out[k] = n;
  }
  return n === 0 ? [] : [out];
}

/** How many matches a count's $skip/$limit stages can use at most (countDocuments with a limit), or undefined: all. */
function countNeeded(stages: Doc[]): number | undefined {
  let skipped = 0;
  let need: number | undefined;
  for (const st of stages) {
    const [op, v] = Object.entries(st)[0] ?? [];
    if (op === '$skip') skipped += Math.max(0, optNum(v, 0));
    else if (op === '$limit') need = Math.min(need ?? Infinity, skipped + Math.max(0, optNum(v, 0)));
  }
  return need;
}

export function unsupportedCollation(c: unknown): void {
  // The simple binary collation is what the engine does anyway; anything else would be answered wrongly.
  if (docOr(c).locale !== 'simple') unsupported('collations other than "simple"');
}

/** explain of find, count, distinct, aggregate, update, delete and findAndModify: the plan their filter gets. */
const explain: Handler = function*(ctx) {
  const inner = docOr(ctx.cmd.explain);
  const kind = Object.keys(inner)[0];
  const db = String(inner.$db ?? ctx.db);
  const sub = { ...ctx, db, cmd: { ...inner, $db: db } };
  if (kind === 'aggregate') return yield* aggregate({ ...sub, cmd: { ...sub.cmd, explain: true } });
  const name = typeof inner[kind] === 'string' ? (inner[kind] as string) : fail('InvalidOptions', 'explain needs a command naming a collection');
  const coll = ctx.store.collection(db, name);
  const ns = `${db}.${name}`;
  let filter: Doc;
  let opts: FindOptions = {};
  switch (kind) {
    case 'find':
      filter = docOr(inner.filter);
      opts = { sort: docOr(inner.sort), skip: optNum(inner.skip, 0), limit: Math.abs(optNum(inner.limit, 0)) };
      break;
    case 'count':
    case 'distinct':
      filter = docOr(inner.query);
      break;
    case 'findAndModify':
    case 'findandmodify':
      filter = docOr(inner.query);
      opts = { sort: docOr(inner.sort), limit: 1 };
      break;
    case 'update':
    case 'delete': {
      const op = docOr((Array.isArray(inner[kind === 'update' ? 'updates' : 'deletes']) ? (inner[kind === 'update' ? 'updates' : 'deletes'] as Doc[]) : [])[0]);
      filter = docOr(op.q);
      break;
    }
    default:
      unsupported(`explain of ${kind}`);
  }
  return yield* explainSteps(coll, new Filter(filter), opts, ns);
};

export const readCommands: Record<string, Handler> = { find, getMore, killCursors, count, distinct, aggregate, explain };
