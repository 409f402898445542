// Filters: mingo decides what matches; this module refuses unsupported operators, picks an index for
// equality filters (so lookups by _id or a unique key don't scan), and sorts/skips/limits.
import { Query } from 'mingo';
import { compare, resolve } from 'mingo/util';
import type { Collection, Entry } from './collection.js';
import { unsupported } from './errors.js';
import { exactCompare, splitExact } from './exact.js';
import { compoundKey } from './indexes.js';
import { type Doc, isPlainObject, keyOf, numberOf, toView } from './values.js';

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
  else if (isPlainObject(v))
    for (const k of Object.keys(v)) {
      if (k in REFUSED) unsupported(REFUSED[k]);
      refuseUnsupported(v[k]);
    }
}

export const mingoOptions = { scriptEnabled: false, useStrictMode: true } as const;

export class Filter {
  private query?: Query;
  private rest?: Doc;
  private exact: ((raw: Doc) => boolean)[];
  /** Fields of a filter made only of `field: scalar` equalities (an index hit on them is the answer). */
  readonly pureEqFields?: string[];
  /** path → candidate equality values (raw form, so Long/Double keys stay exact). */
  readonly eq = new Map<string, unknown[]>();
  readonly view: Doc;

  constructor(readonly raw: Doc) {
    refuseUnsupported(raw);
    this.view = toView(raw) as Doc;
    const { rest, checks } = splitExact(raw);
    this.exact = checks;
    if (Object.keys(rest).length) this.rest = checks.length ? (toView(rest) as Doc) : this.view;
    collectEq(raw, this.eq);
    const keys = Object.keys(raw);
    if (keys.length && !checks.length && keys.every((k) => !k.startsWith('$') && !isOperatorObject(raw[k]) && indexable(raw[k]))) this.pureEqFields = keys;
    // Operators are validated now (a bad one must fail even on an empty collection); only plain
    // equality filters, which cannot be invalid, wait until a document needs testing.
    else if (this.rest) this.query = new Query(this.rest, mingoOptions);
  }

  test(e: Entry): boolean {
    // Compiled on first use: index hits on pure equality filters never need mingo.
    if (this.rest && !this.query) this.query = new Query(this.rest, mingoOptions);
    if (this.query && !this.query.test(e.view)) return false;
    return this.exact.length === 0 || this.exact.every((c) => c(e.raw));
  }
}

function isOperatorObject(v: unknown): v is Doc {
  return isPlainObject(v) && Object.keys(v).some((k) => k.startsWith('$'));
}

function indexable(v: unknown): boolean {
  return !(v instanceof RegExp) && !Array.isArray(v) && !isPlainObject(v) && (v as { _bsontype?: string })?._bsontype !== 'BSONRegExp';
}

function collectEq(filter: Doc, out: Map<string, unknown[]>): void {
  for (const [k, v] of Object.entries(filter)) {
    if (k === '$and' && Array.isArray(v)) {
      for (const part of v) if (isPlainObject(part)) collectEq(part, out);
      continue;
    }
    if (k.startsWith('$')) continue;
    let values: unknown[] | undefined;
    if (!isOperatorObject(v)) values = indexable(v) ? [v] : undefined;
    else if (Object.keys(v).length === 1 && '$eq' in v) values = indexable(v.$eq) ? [v.$eq] : undefined;
    else if (Object.keys(v).length === 1 && Array.isArray(v.$in) && v.$in.every(indexable)) values = v.$in;
    if (values && !out.has(k)) out.set(k, values);
  }
}

const MAX_LOOKUPS = 10_000;

/** True when the index lookup alone decides the match (filter = scalar equalities on exactly the index fields). */
function decided(filter: Filter, fields: string[]): boolean {
  const f = filter.pureEqFields;
  return !!f && f.length === fields.length && fields.every((x) => f.includes(x));
}

/** Documents that may match: from an index when the filter pins all its fields, else all. */
export function candidates(coll: Collection, filter: Filter): { entries: Iterable<Entry>; exact: boolean } {
  const ids = filter.eq.get('_id');
  if (ids) return { entries: lookupMany(coll, ids.map(keyOf)), exact: decided(filter, ['_id']) };
  for (const ix of coll.indexes.values()) {
    if (!ix.complete || !ix.fields.every((f) => filter.eq.has(f))) continue;
    let combos: unknown[][] = [[]];
    for (const f of ix.fields) {
      const next: unknown[][] = [];
      for (const c of combos) for (const v of filter.eq.get(f)!) next.push([...c, v]);
      combos = next;
      if (combos.length > MAX_LOOKUPS) break;
    }
    if (combos.length > MAX_LOOKUPS) continue;
    const idKeys = new Set<string>();
    for (const c of combos) for (const id of ix.lookup(compoundKey(c))) idKeys.add(id);
    return { entries: lookupMany(coll, idKeys), exact: decided(filter, ix.fields) };
  }
  return { entries: coll.docs.values(), exact: false };
}

function lookupMany(coll: Collection, idKeys: Iterable<string>): Entry[] {
  const out: Entry[] = [];
  const seen = new Set<string>();
  for (const k of idKeys) {
    if (seen.has(k)) continue;
    seen.add(k);
    const e = coll.docs.get(k);
    if (e) out.push(e);
  }
  return out;
}

export interface FindOptions {
  sort?: Doc;
  skip?: number;
  limit?: number;
}

/** MongoDB's cross-type sort order (BSON comparison order). */
function typeRank(v: unknown): number {
  if (v === undefined) return 1.5; // an empty array sorts below null
  if (v === null) return 2;
  switch (typeof v) {
    case 'number':
    case 'bigint':
      return 3;
    case 'string':
      return 4;
    case 'boolean':
      return 9;
  }
  if (Array.isArray(v)) return 6;
  if (v instanceof Date) return 10;
  if (v instanceof RegExp) return 12;
  switch ((v as { _bsontype?: string })._bsontype) {
    case 'Binary':
      return 7;
    case 'ObjectId':
      return 8;
    case 'Timestamp':
      return 11;
    case 'MinKey':
      return 1;
    case 'MaxKey':
      return 13;
  }
  return 5; // embedded document
}

/** The value a document sorts by: missing = null; an array by its smallest (asc) or largest (desc) element. */
function sortValue(v: unknown, dir: 1 | -1): unknown {
  if (v === undefined) return null;
  if (!Array.isArray(v)) return v;
  if (v.length === 0) return undefined;
  let best = sortValue(v[0], dir);
  for (const x of v.slice(1)) {
    const c = sortCompare(sortValue(x, dir), best);
    if (c * dir < 0) best = sortValue(x, dir);
  }
  return best;
}

function sortCompare(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  return ra !== rb ? ra - rb : compare(a, b);
}

export function sortEntries(entries: Entry[], sort: Doc): Entry[] {
  const keys = Object.entries(sort).map(([path, dir]) => {
    if (isPlainObject(dir)) unsupported('$meta sort (text score)');
    return [path, (numberOf(dir) ?? 1) < 0 ? -1 : 1] as const;
  });
  if (!keys.length) return entries;
  return entries
    .map((e) => ({ e, vals: keys.map(([p, dir]) => sortValue(resolve(e.view, p), dir)) }))
    .sort((a, b) => {
      for (let i = 0; i < keys.length; i++) {
        let c = sortCompare(a.vals[i], b.vals[i]);
        // Equal as JS numbers may still differ as int64 beyond 2^53.
        if (c === 0 && typeof a.vals[i] === 'number' && Math.abs(a.vals[i] as number) >= 2 ** 53)
          c = exactCompare(resolve(a.e.raw, keys[i][0]), resolve(b.e.raw, keys[i][0])) ?? 0;
        if (c !== 0) return c * keys[i][1];
      }
      return 0;
    })
    .map((x) => x.e);
}

export function findEntries(coll: Collection | undefined, filter: Filter, opts: FindOptions = {}): Entry[] {
  if (!coll) return [];
  const skip = Math.max(0, opts.skip ?? 0);
  const limit = Math.abs(opts.limit ?? 0);
  const sorted = opts.sort && Object.keys(opts.sort).length > 0;
  let out: Entry[] = [];
  const { entries, exact } = candidates(coll, filter);
  for (const e of entries) {
    if (!exact && !filter.test(e)) continue;
    out.push(e);
    // Without a sort the scan can stop as soon as skip+limit documents matched.
    if (!sorted && limit && out.length >= skip + limit) break;
  }
  if (sorted) out = sortEntries(out, opts.sort!);
  if (skip || limit) out = out.slice(skip, limit ? skip + limit : undefined);
  return out;
}
