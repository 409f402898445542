// Collections, indexes and databases: create/drop/list, createIndexes/listIndexes/dropIndexes, stats.
import { Long } from 'bson';
import type { Collection } from '../collection.js';
import { fail, unsupported } from '../errors.js';
import { defaultIndexName, type IndexSpec } from '../index-spec.js';
import { mingoQuery } from '../mingo-query.js';
import { type Doc, isPlainObject, numberOf, toView } from '../values.js';
import { collName, type Ctx, docOr, type Handler } from './context.js';

function must(ctx: Ctx, name: string): Collection {
  const c = ctx.store.collection(ctx.db, name);
  if (!c) fail('NamespaceNotFound', `ns does not exist: ${ctx.db}.${name}`);
  return c;
}

const create: Handler = (ctx) => {
  const name = collName(ctx, 'create');
  if (ctx.cmd.capped) unsupported('capped collections');
  for (const opt of ['validator', 'timeseries', 'viewOn', 'clusteredIndex', 'changeStreamPreAndPostImages']) {
    if (ctx.cmd[opt] !== undefined) unsupported(`the create option "${opt}"`);
  }
  if (ctx.store.collection(ctx.db, name)) fail('NamespaceExists', `Collection ${ctx.db}.${name} already exists.`);
  ctx.store.collection(ctx.db, name, true);
  return { ok: 1 };
};

const drop: Handler = (ctx) => {
  const name = collName(ctx, 'drop');
  const c = ctx.store.collection(ctx.db, name);
  // mongod 7 answers ok for a missing collection (older servers said NamespaceNotFound).
  const nIndexesWas = c ? c.indexes.size + 1 : undefined;
  ctx.store.dropCollection(ctx.db, name);
  return c ? { nIndexesWas, ns: `${ctx.db}.${name}`, ok: 1 } : { ok: 1 };
};

function normaliseSpec(raw: Doc): IndexSpec {
  const key = docOr(raw.key);
  if (!Object.keys(key).length) fail('BadValue', 'Index keys cannot be empty.');
  for (const [f, dir] of Object.entries(key)) {
    if (typeof dir === 'string') unsupported(`"${dir}" indexes (field ${f})`);
  }
  const spec: IndexSpec = { v: 2, key, name: typeof raw.name === 'string' ? raw.name : defaultIndexName(key) };
  if (raw.unique === true) spec.unique = true;
  if (raw.sparse === true) spec.sparse = true;
  const ttl = numberOf(raw.expireAfterSeconds);
  if (ttl !== undefined) spec.expireAfterSeconds = ttl;
  if (isPlainObject(raw.partialFilterExpression)) spec.partialFilterExpression = raw.partialFilterExpression;
  return spec;
}

const createIndexes: Handler = (ctx) => {
  const name = collName(ctx, 'createIndexes');
  const specs = (Array.isArray(ctx.cmd.indexes) ? ctx.cmd.indexes : []).map((s) => normaliseSpec(docOr(s)));
  const existed = !!ctx.store.collection(ctx.db, name);
  const c = ctx.store.collection(ctx.db, name, true)!;
  const before = c.indexes.size + 1;
  let created = 0;
  for (const s of specs) if (c.createIndex(s)) created++;
  const reply: Doc = { numIndexesBefore: before, numIndexesAfter: c.indexes.size + 1, createdCollectionAutomatically: !existed, ok: 1 };
  if (!created) reply.note = 'all indexes already exist';
  return reply;
};

const listIndexes: Handler = (ctx) => {
  const name = collName(ctx, 'listIndexes');
  const c = must(ctx, name);
  return { cursor: { firstBatch: c.specs(), id: Long.ZERO, ns: `${ctx.db}.${name}` }, ok: 1 };
};

const dropIndexes: Handler = (ctx) => {
  const name = collName(ctx, 'dropIndexes');
  const c = must(ctx, name);
  const before = c.indexes.size + 1;
  const which = ctx.cmd.index;
  if (which === '*') { for (const n of [...c.indexes.keys()]) c.dropIndex(n); }
  else if (typeof which === 'string') c.dropIndex(which);
  else if (Array.isArray(which)) which.forEach((n) => c.dropIndex(String(n)));
  else if (isPlainObject(which)) {
    const want = JSON.stringify(toView(which));
    const ix = [...c.indexes.values()].find((i) => JSON.stringify(toView(i.spec.key)) === want);
    if (!ix) fail('IndexNotFound', `can't find index with key: ${want}`);
    c.dropIndex(ix.name);
  }
  return { nIndexesWas: before, ok: 1 };
};

const listCollections: Handler = (ctx) => {
  const colls = [...(ctx.store.dbs.get(ctx.db)?.values() ?? [])];
  let infos: Doc[] = colls.map((c) => ({
    name: c.name,
    type: 'collection',
    options: {},
    info: { readOnly: false },
    idIndex: { v: 2, key: { _id: 1 }, name: '_id_' },
  }));
  if (isPlainObject(ctx.cmd.filter) && Object.keys(ctx.cmd.filter).length) {
    const q = mingoQuery(toView(ctx.cmd.filter) as Doc);
    infos = infos.filter((i) => q.test(i));
  }
  if (ctx.cmd.nameOnly === true) infos = infos.map((i) => ({ name: i.name, type: i.type }));
  return { cursor: { firstBatch: infos, id: Long.ZERO, ns: `${ctx.db}.$cmd.listCollections` }, ok: 1 };
};

function sizeOf(c: Collection): number {
  let s = 0;
  for (const e of c.docs.values()) s += e.bsonSize;
  return s;
}

const listDatabases: Handler = (ctx) => {
  const databases = [...ctx.store.dbs.entries()].map(([name, colls]) => {
    const size = [...colls.values()].reduce((a, c) => a + sizeOf(c), 0);
    return { name, sizeOnDisk: size, empty: size === 0 };
  });
  if (ctx.cmd.nameOnly === true) return { databases: databases.map((d) => ({ name: d.name })), ok: 1 };
  return { databases, totalSize: databases.reduce((a, d) => a + d.sizeOnDisk, 0), ok: 1 };
};

const dropDatabase: Handler = (ctx) => {
  ctx.store.dropDatabase(ctx.db);
  return { dropped: ctx.db, ok: 1 };
};

const collStats: Handler = (ctx) => {
  const name = collName(ctx, 'collStats');
  const c = must(ctx, name);
  const size = sizeOf(c);
  return { ns: c.ns, count: c.docs.size, size, storageSize: size, avgObjSize: c.docs.size ? size / c.docs.size : 0, nindexes: c.indexes.size + 1, ok: 1 };
};

const dbStats: Handler = (ctx) => {
  const colls = [...(ctx.store.dbs.get(ctx.db)?.values() ?? [])];
  const objects = colls.reduce((a, c) => a + c.docs.size, 0);
  const dataSize = colls.reduce((a, c) => a + sizeOf(c), 0);
  return { db: ctx.db, collections: colls.length, objects, dataSize, storageSize: dataSize, indexes: colls.reduce((a, c) => a + c.indexes.size + 1, 0), ok: 1 };
};

/**
 * mongod's `compact` rewrites one collection's storage; here all data shares one snapshot, so it starts
 * the background snapshot of everything and answers at once (the snapshot is written between commands).
 */
const compact: Handler = (ctx) => {
  must(ctx, collName(ctx, 'compact'));
  void ctx.store.startCompaction();
  return { bytesFreed: 0, ok: 1 };
};

export const ddlCommands: Record<string, Handler> = {
  compact,
  create,
  drop,
  createIndexes,
  listIndexes,
  dropIndexes,
  deleteIndexes: dropIndexes,
  listCollections,
  listDatabases,
  dropDatabase,
  collStats,
  dbStats,
};
