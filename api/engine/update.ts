// Update documents: replacement, operator ($set, $inc, ... via mingo) and pipeline styles, plus
// upsert seeding. mingo runs on a copy of the view; the raw form is rebuilt so types survive.
import { Aggregator, update as mingoUpdate } from 'mingo';
import { fail } from './errors.js';
import { Filter, mingoOptions, refuseUnsupported } from './filter.js';
import { cloneTree, type Doc, fromView, isPlainObject, keyOf, toView } from './values.js';

const OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$push',
  '$addToSet',
  '$pull',
  '$pullAll',
  '$pop',
  '$rename',
  '$currentDate',
  '$bit',
  '$setOnInsert',
]);

export type UpdateSpec = Doc | Doc[];

export function isReplacement(u: UpdateSpec): boolean {
  return !Array.isArray(u) && !Object.keys(u).some((k) => k.startsWith('$'));
}

export function validateUpdate(u: unknown): UpdateSpec {
  if (Array.isArray(u)) {
    refuseUnsupported(u);
    return u as Doc[];
  }
  if (!isPlainObject(u)) fail('FailedToParse', 'Update argument must be either an object or an array');
  const keys = Object.keys(u);
  const ops = keys.filter((k) => k.startsWith('$'));
  if (ops.length && ops.length !== keys.length) {
    fail(
      'FailedToParse',
      `Unknown modifier: ${keys.find((k) => !k.startsWith('$'))}. Expected a valid update modifier or pipeline-style update specified as an array`,
    );
  }
  for (const op of ops) {
    if (!OPERATORS.has(op)) fail('FailedToParse', `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`);
    if (!isPlainObject(u[op])) fail('FailedToParse', `Modifiers operate on fields but we found type ${typeof u[op]} instead`);
  }
  return u;
}

/** Sets a dotted path inside a raw document (creating objects on the way). */
function setRawPath(doc: Doc, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur: Doc = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = cur[parts[i]];
    if (!isPlainObject(next)) return; // arrays/positional: leave the converted value in place
    cur = next;
  }
  if (parts[parts.length - 1] in cur) cur[parts[parts.length - 1]] = cloneTree(value);
}

/**
 * Applies `u` to a document. Returns the new raw document, or the same object when nothing changed.
 * `inserting` turns on $setOnInsert (upserts).
 */
export function applyUpdate(raw: Doc, view: Doc, u: UpdateSpec, filter: Filter | undefined, arrayFilters: Doc[] | undefined, inserting: boolean): Doc {
  if (Array.isArray(u)) {
    const out = fromView(new Aggregator(toView(u) as Doc[], mingoOptions).run([cloneTree(view)])[0], view, raw) as Doc;
    if (out === raw) return raw;
    // As mongod: a pipeline whose result has no _id ($replaceRoot/$replaceWith, $unset of _id) keeps
    // the document's own, and the _id leads the stored document either way.
    const next: Doc = '_id' in out ? { _id: out._id } : '_id' in raw ? { _id: raw._id } : {};
    for (const k of Object.keys(out)) if (k !== '_id') next[k] = out[k];
    return checkId(raw, next);
  }
  if (isReplacement(u)) {
    const out: Doc = { _id: raw._id };
    for (const k of Object.keys(u)) if (k !== '_id') out[k] = u[k];
    if ('_id' in u) checkId(raw, { _id: u._id });
    return out;
  }
  const plain = inserting ? plainInsert(raw, u) : plainSetUnset(raw, u);
  if (plain) return plain;
  const mod: Doc = {};
  for (const [op, v] of Object.entries(u)) {
    if (op === '$setOnInsert') continue;
    mod[op] = toView(v);
  }
  checkArithmetic(view, mod);
  const work = cloneTree(view);
  const af = arrayFilters?.map((f) => toView(f) as Doc);
  if (inserting && u.$setOnInsert) mingoUpdate(work, { $set: toView(u.$setOnInsert) } as Doc, af, undefined, { queryOptions: mingoOptions });
  if (Object.keys(mod).length) mingoUpdate(work, mod, af, filter?.view, { queryOptions: mingoOptions });
  const out = fromView(work, view, raw) as Doc;
  if (out === raw) return raw;
  // $set values keep their exact raw type (e.g. a Long beyond 2^53 or a double 5.0).
  for (const op of inserting ? ['$setOnInsert', '$set'] : ['$set']) {
    const spec = u[op];
    if (isPlainObject(spec)) { for (const [p, v] of Object.entries(spec)) if (!p.includes('$')) setRawPath(out, p, v); }
  }
  return checkId(raw, out);
}

const PLAIN_TYPES = new Set(['ObjectId', 'Int32', 'Double']);
const plainScalar = (v: unknown) =>
  v === null || typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number' || v instanceof Date ||
  PLAIN_TYPES.has((v as { _bsontype?: string; })?._bsontype ?? '');

/** A top-level field name other than `_id`: what both plain paths below set without mingo. */
const plainName = (k: string) => k !== '_id' && !k.includes('.') && !k.startsWith('$') && k !== '';

/**
 * `$set` of plain values and `$unset` on top-level names (the usual update): applied to a copy of the
 * raw document without mingo, whose update sets up its operator tables on every call (most of a
 * multi-document update's time). Same answer as the general path: unchanged (the same object) when
 * every value is already equal, else the set values in their exact types. Undefined when not that shape.
 */
function plainSetUnset(raw: Doc, u: Doc): Doc | undefined {
  const set = u.$set as Doc | undefined;
  const unset = u.$unset as Doc | undefined;
  if (Object.keys(u).length !== (set ? 1 : 0) + (unset ? 1 : 0) || !(set || unset)) return undefined;
  if (set && !Object.entries(set).every(([k, v]) => plainName(k) && plainScalar(v) && !(unset && k in unset))) return undefined;
  if (unset && !Object.keys(unset).every(plainName)) return undefined;
  const changed = Object.entries(set ?? {}).some(([k, v]) => !(k in raw) || keyOf(raw[k]) !== keyOf(v) || isPlainObject(raw[k]) || Array.isArray(raw[k])) ||
    Object.keys(unset ?? {}).some((k) => k in raw);
  if (!changed) return raw;
  const out: Doc = { ...raw };
  for (const [k, v] of Object.entries(set ?? {})) out[k] = v;
  for (const k of Object.keys(unset ?? {})) delete out[k];
  return out;
}

/** An `$inc` amount as the general path stores it on a field it creates: a plain number (from a number, Int32 or Double). */
function incAmount(v: unknown): number | undefined {
  const type = (v as { _bsontype?: string; } | null)?._bsontype;
  const n = typeof v === 'number' ? v : type === 'Int32' || type === 'Double' ? Number((v as { valueOf(): number; }).valueOf()) : undefined;
  return n !== undefined && Number.isFinite(n) ? n : undefined;
}

/**
 * The usual upsert's insert (a job scheduled, a counter started): `$setOnInsert`, `$set` and `$inc` of
 * top-level names, applied to the filter's equality fields without mingo, whose update sets up its
 * operator tables on every call (most of an accept's engine time went there). Same answer as the general
 * path: the fields in the order it adds them, the set values in their exact raw types, an `$inc` of an
 * absent field its amount. Undefined when not that shape: a name twice, a dotted or `_id` name, an `$inc`
 * that is not a number, Int32 or Double or lands on a seeded field (the general path refuses or applies those).
 */
function plainInsert(seed: Doc, u: Doc): Doc | undefined {
  const ops = Object.keys(u);
  if (!ops.length || !ops.every((op) => op === '$set' || op === '$setOnInsert' || op === '$inc')) return undefined;
  const names = new Set<string>();
  for (const op of ops) {
    for (const [k, v] of Object.entries(u[op] as Doc)) {
      if (!plainName(k) || names.has(k)) return undefined;
      if (op === '$inc' && (incAmount(v) === undefined || k in seed)) return undefined;
      names.add(k);
    }
  }
  const out: Doc = { ...seed };
  // $setOnInsert first, then the others in their order, as the general path applies them.
  for (const op of ['$setOnInsert', ...ops.filter((o) => o !== '$setOnInsert')]) {
    for (const [k, v] of Object.entries((u[op] ?? {}) as Doc)) out[k] = op === '$inc' ? incAmount(v) : cloneTree(v);
  }
  return out;
}

/** mongod refuses $inc/$mul on non-numbers (mingo would silently skip them). */
function checkArithmetic(view: Doc, mod: Doc): void {
  for (const op of ['$inc', '$mul']) {
    const spec = mod[op];
    if (!isPlainObject(spec)) continue;
    for (const [path, amount] of Object.entries(spec)) {
      if (typeof amount !== 'number') {
        fail('TypeMismatch', `Cannot ${op === '$inc' ? 'increment' : 'multiply'} with non-numeric argument: { ${path}: ${JSON.stringify(amount)} }`);
      }
      if (path.includes('$')) continue;
      let cur: unknown = view;
      for (const part of path.split('.')) cur = cur !== null && typeof cur === 'object' ? (cur as Doc)[part] : undefined;
      if (cur !== undefined && typeof cur !== 'number') {
        fail(
          'TypeMismatch',
          `Cannot apply ${op} to a value of non-numeric type. {_id: ${JSON.stringify(view._id)}} has the field '${path}' of non-numeric type ${
            cur === null ? 'null' : Array.isArray(cur) ? 'array' : typeof cur
          }`,
        );
      }
    }
  }
}

function checkId(before: Doc, after: Doc): Doc {
  if ('_id' in before && keyOf(after._id) !== keyOf(before._id)) {
    fail('ImmutableField', "Performing an update on the path '_id' would modify the immutable field '_id'");
  }
  return after;
}

/** The document an upsert starts from: the filter's equality fields (mongod does the same). */
export function upsertSeed(filter: Doc): Doc {
  const seed: Doc = {};
  const visit = (f: Doc) => {
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v)) v.forEach((p) => isPlainObject(p) && visit(p));
      if (k.startsWith('$')) continue;
      let value: unknown;
      if (isPlainObject(v) && Object.keys(v).some((x) => x.startsWith('$'))) {
        if (!('$eq' in v)) continue;
        value = v.$eq;
      } else value = v;
      const parts = k.split('.');
      let cur = seed;
      for (const p of parts.slice(0, -1)) {
        if (!isPlainObject(cur[p])) cur[p] = {};
        cur = cur[p] as Doc;
      }
      cur[parts[parts.length - 1]] = cloneTree(value);
    }
  };
  visit(filter);
  return seed;
}

/** Builds the document an upsert inserts. */
export function upsertDocument(filter: Filter, u: UpdateSpec, arrayFilters?: Doc[]): Doc {
  const seed = upsertSeed(filter.raw);
  if (isReplacement(u) && !Array.isArray(u)) {
    const out: Doc = {};
    if ('_id' in u) out._id = u._id;
    else if ('_id' in seed) out._id = seed._id;
    for (const k of Object.keys(u)) if (k !== '_id') out[k] = u[k];
    return out;
  }
  const seedView = toView(seed) as Doc;
  const next = applyUpdate(seed, seedView, u, undefined, arrayFilters, true);
  if ('_id' in seed && keyOf(next._id) !== keyOf(seed._id)) {
    fail('ImmutableField', "Performing an update on the path '_id' would modify the immutable field '_id'");
  }
  return next;
}
