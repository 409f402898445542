// Update documents: replacement, operator ($set, $inc, ... via mingo) and pipeline styles, plus
// upsert seeding. mingo runs on a copy of the view; the raw form is rebuilt so types survive.
import { Aggregator, update as mingoUpdate } from 'mingo';
import { fail } from './errors.js';
import { Filter, refuseUnsupported } from './filter.js';
import { mingoOptions } from './mingo-query.js';
import { plainInsert, plainUpdate } from './update-plain.js';
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
  const plain = inserting ? plainInsert(raw, u) : plainUpdate(raw, u);
  if (plain) return plain;
  const mod: Doc = {};
  for (const [op, v] of Object.entries(u)) {
    if (op === '$setOnInsert') continue;
    mod[op] = toView(v);
  }
  checkArithmetic(view, mod);
  checkPulls(view, mod);
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

/** mongod refuses $pull/$pullAll on a field that holds something other than an array (mingo would skip it). */
function checkPulls(view: Doc, mod: Doc): void {
  for (const op of ['$pull', '$pullAll']) {
    const spec = mod[op];
    if (!isPlainObject(spec)) continue;
    for (const path of Object.keys(spec)) {
      if (path.includes('$')) continue;
      let cur: unknown = view;
      for (const part of path.split('.')) cur = isPlainObject(cur) ? cur[part] : undefined;
      if (cur !== undefined && !Array.isArray(cur)) fail('BadValue', 'Cannot apply $pull to a non-array value');
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
