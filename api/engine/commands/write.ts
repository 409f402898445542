// Writes: insert, update, delete, findAndModify — with mongod's reply shapes and writeErrors.
import type { Collection } from '../collection.js';
import type { Entry } from '../entry.js';
import { EngineError, errorReply, fail } from '../errors.js';
import { Filter } from '../filter.js';
import { findSteps, pause } from '../query.js';
import { due, isSteps, type Steps } from '../slices.js';
import { applyUpdate, upsertDocument, validateUpdate } from '../update.js';
import { type Doc, isPlainObject, optNum } from '../values.js';
import { collName, type Ctx, docOr, type Handler } from './context.js';
import { project } from './projection.js';
import { unsupportedCollation } from './read.js';

interface WriteError {
  index: number;
  code: number;
  errmsg: string;
  [k: string]: unknown;
}

function toWriteError(index: number, e: unknown): WriteError {
  const r = errorReply(e);
  const { ok: _ok, codeName: _cn, ...rest } = r;
  return { index, ...rest } as WriteError;
}

/** Runs each op; ordered batches stop at the first error (as mongod does). Pauses between ops when due. */
function* eachOp<T>(ctx: Ctx, ops: T[], run: (op: T, i: number) => void | Steps<void>): Steps<WriteError[]> {
  const ordered = ctx.cmd.ordered !== false;
  const errors: WriteError[] = [];
  for (let i = 0; i < ops.length; i++) {
    try {
      const steps = run(ops[i], i);
      if (isSteps(steps)) yield* steps;
    } catch (e) {
      if (!(e instanceof EngineError) && !(e instanceof Error)) throw e;
      errors.push(toWriteError(i, e));
      if (ordered) break;
    }
    if (due()) yield;
  }
  return errors;
}

/**
 * The document as it is now, if it still matches: a command that paused between finding and writing
 * may hold a version another connection has since changed or deleted.
 */
function current(coll: Collection, e: Entry, filter: Filter): Entry | undefined {
  const now = coll.docs.get(e.id);
  return now && (now === e || filter.test(now)) ? now : undefined;
}

/**
 * The documents to write: all that match (multi), or the first in `sort` order, looked for again when
 * the one found changed while the command paused (never "none" because of that: an upsert would then
 * insert a second document).
 */
function* targets(coll: Collection | undefined, filter: Filter, multi: boolean, sort: Doc): Steps<Entry[]> {
  for (;;) {
    const found = yield* findSteps(coll, filter, { limit: multi ? 0 : 1, sort });
    if (multi || !found.length) return found;
    const now = current(coll!, found[0], filter);
    if (now) return [now];
  }
}

function withErrors(reply: Doc, errors: WriteError[]): Doc {
  if (errors.length) reply.writeErrors = errors;
  return reply;
}

const insert: Handler = function*(ctx) {
  const name = collName(ctx, 'insert');
  const docs = (Array.isArray(ctx.cmd.documents) ? ctx.cmd.documents : []) as Doc[];
  const coll = ctx.store.collection(ctx.db, name, true)!;
  let n = 0;
  const errors = yield* eachOp(ctx, docs, (d) => {
    coll.insert(d);
    n++;
  });
  return withErrors({ n, ok: 1 }, errors);
};

/**
 * The fields an update statement may hold in MongoDB 7.0. mongod parses the whole command before it
 * runs any statement, so a statement with any other field (`sort` arrived only in 8.0) fails the
 * command and nothing is written.
 */
const UPDATE_STATEMENT_FIELDS = new Set([
  'q',
  'u',
  'c',
  'arrayFilters',
  'hint',
  'multi',
  'upsert',
  'upsertSupplied',
  'collation',
  'sampleId',
  '$_allowShardKeyUpdatesWithoutFullShardKeyInQuery',
]);

function refuseUnknownStatementFields(ops: Doc[]): void {
  for (const op of ops) {
    for (const field of Object.keys(docOr(op))) {
      if (!UPDATE_STATEMENT_FIELDS.has(field)) fail('Location40415', `BSON field 'update.updates.${field}' is an unknown field.`);
    }
  }
}

const update: Handler = function*(ctx) {
  const name = collName(ctx, 'update');
  const ops = (Array.isArray(ctx.cmd.updates) ? ctx.cmd.updates : []) as Doc[];
  refuseUnknownStatementFields(ops);
  let n = 0;
  let nModified = 0;
  const upserted: Doc[] = [];
  const errors = yield* eachOp(ctx, ops, function*(op, index) {
    if (op.collation) unsupportedCollation(op.collation);
    const filter = new Filter(docOr(op.q));
    const u = validateUpdate(op.u);
    const arrayFilters = op.arrayFilters as Doc[] | undefined;
    const coll = ctx.store.collection(ctx.db, name, op.upsert === true);
    const multi = op.multi === true;
    const matched = yield* targets(coll, filter, multi, {});
    if (matched.length === 0 && op.upsert === true) {
      const e = coll!.insert(upsertDocument(filter, u, arrayFilters));
      n++;
      upserted.push({ index, _id: e.keyDoc._id });
      return;
    }
    for (const found of matched) {
      if (multi && due()) yield* pause(coll!, undefined);
      const entry = multi ? current(coll!, found, filter) : found;
      if (!entry) continue;
      n++;
      const raw = entry.raw;
      const next = applyUpdate(raw, entry.view, u, filter, arrayFilters, false);
      if (next === raw) continue;
      coll!.replace(entry, next);
      nModified++;
    }
  });
  const reply: Doc = { n, nModified, ok: 1 };
  if (upserted.length) reply.upserted = upserted;
  return withErrors(reply, errors);
};

const del: Handler = function*(ctx) {
  const name = collName(ctx, 'delete');
  const ops = (Array.isArray(ctx.cmd.deletes) ? ctx.cmd.deletes : []) as Doc[];
  let n = 0;
  const errors = yield* eachOp(ctx, ops, function*(op) {
    if (op.collation) unsupportedCollation(op.collation);
    const coll = ctx.store.collection(ctx.db, name);
    const filter = new Filter(docOr(op.q));
    const multi = optNum(op.limit, 0) === 0;
    for (const found of yield* targets(coll, filter, multi, {})) {
      if (multi && due()) yield* pause(coll!, undefined);
      const e = multi ? current(coll!, found, filter) : found;
      if (!e) continue;
      coll!.remove(e);
      n++;
    }
  });
  return withErrors({ n, ok: 1 }, errors);
};

const findAndModify: Handler = function*(ctx) {
  const name = collName(ctx, 'findAndModify');
  const cmd = ctx.cmd;
  if (cmd.collation) unsupportedCollation(cmd.collation);
  const filter = new Filter(docOr(cmd.query));
  const fields = isPlainObject(cmd.fields) ? cmd.fields : undefined;
  const shape = (d: Doc | null) => (d ? project([d], fields)[0] : null);
  const remove = cmd.remove === true;
  const u = remove ? undefined : validateUpdate(cmd.update);
  const coll = ctx.store.collection(ctx.db, name, !remove && cmd.upsert === true);
  const [entry] = yield* targets(coll, filter, false, docOr(cmd.sort));
  if (remove) {
    if (!entry) return { lastErrorObject: { n: 0 }, value: null, ok: 1 };
    coll!.remove(entry);
    return { lastErrorObject: { n: 1 }, value: shape(entry.raw), ok: 1 };
  }
  const arrayFilters = cmd.arrayFilters as Doc[] | undefined;
  if (!entry) {
    if (cmd.upsert !== true) return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
    const created = coll!.insert(upsertDocument(filter, u!, arrayFilters));
    return {
      lastErrorObject: { n: 1, updatedExisting: false, upserted: created.raw._id },
      value: cmd.new === true ? shape(created.raw) : null,
      ok: 1,
    };
  }
  const raw = entry.raw;
  const next = applyUpdate(raw, entry.view, u!, filter, arrayFilters, false);
  if (next !== raw) coll!.replace(entry, next);
  return { lastErrorObject: { n: 1, updatedExisting: true }, value: shape(cmd.new === true ? next : raw), ok: 1 };
};

export const writeCommands: Record<string, Handler> = { insert, update, delete: del, findAndModify, findandmodify: findAndModify };
