// Filters: mingo decides what matches (minus what the chosen index already decided), refusing the
// operators the engine does not run; long `$in` lists and plain equalities are tested as Set lookups.
import type { Query } from 'mingo';
import type { Entry } from './entry.js';
import { splitExact } from './exact.js';
import { unsupported } from './errors.js';
import { mingoQuery } from './mingo-query.js';
import { type Doc, getPath, isPlainObject, keyOf, toView } from './values.js';

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
  else if (isPlainObject(v)) {
    for (const k of Object.keys(v)) {
      if (k in REFUSED) unsupported(REFUSED[k]);
      refuseUnsupported(v[k]);
    }
  }
}

export class Filter {
  private query?: Query;
  private rest?: Doc;
  private exact: ((raw: Doc) => boolean)[];
  /** Fields of a filter made only of `field: scalar` equalities (mingo is then compiled lazily). */
  readonly pureEqFields?: string[];
  readonly view: Doc;
  private testers = new Map<string, ((e: Entry) => boolean) | null>();

  constructor(readonly raw: Doc) {
    refuseUnsupported(raw);
    this.view = toView(raw) as Doc;
    const { rest, checks } = splitExact(raw);
    this.exact = checks;
    if (Object.keys(rest).length) this.rest = checks.length ? (toView(rest) as Doc) : this.view;
    const keys = Object.keys(raw);
    if (keys.length && !checks.length && keys.every((k) => !k.startsWith('$') && !isOperatorObject(raw[k]) && indexable(raw[k]))) this.pureEqFields = keys;
    // Operators are validated now (a bad one must fail even on an empty collection); only plain
    // equality filters, which cannot be invalid, wait until a document needs testing.
    else if (this.rest) this.query = mingoQuery(this.rest);
  }

  get hasExactChecks(): boolean {
    return this.exact.length > 0;
  }

  /**
   * The test left once an index has decided `decided` (top-level fields): null when nothing is left.
   * A long `$in` left to test is checked against a Set (mingo would rebuild a hash of all the values
   * for every document); so are equality, `$in`, `$ne` and `$nin` of plain values on a top-level
   * field, so that a filter made only of those never builds a document's view or runs mingo.
   */
  testerFor(decided: Set<string>): ((e: Entry) => boolean) | null {
    const cacheKey = [...decided].sort().join('\u0000');
    if (this.testers.has(cacheKey)) return this.testers.get(cacheKey)!;
    let tester: ((e: Entry) => boolean) | null;
    if (this.exact.length) tester = (e) => this.test(e);
    else {
      const rest: Doc = {};
      const sets: ((raw: Doc) => boolean)[] = [];
      for (const [k, v] of Object.entries(this.raw)) {
        if (decided.has(k)) continue;
        if (
          !k.startsWith('$') && isPlainObject(v) && Object.keys(v).length === 1 && Array.isArray(v.$in) && v.$in.length > SET_IN_MIN &&
          v.$in.every((x) => x !== null && indexable(x))
        ) sets.push(inSet(k, v.$in));
        else {
          const flat = flatCheck(k, v);
          if (flat) sets.push(flat);
          else rest[k] = v;
        }
      }
      const q = Object.keys(rest).length ? mingoQuery(toView(rest) as Doc) : undefined;
      // The Set checks first: they are cheap and need no view of the document.
      tester = !q && !sets.length ? null : (e) => sets.every((c) => c(e.raw)) && (!q || q.test(e.view));
    }
    this.testers.set(cacheKey, tester);
    return tester;
  }

  test(e: Entry): boolean {
    // Compiled on first use: index hits on pure equality filters never need mingo.
    if (this.rest && !this.query) this.query = mingoQuery(this.rest);
    if (this.query && !this.query.test(e.view)) return false;
    return this.exact.length === 0 || this.exact.every((c) => c(e.raw));
  }
}

const SET_IN_MIN = 8;

/** `field: { $in: values }` as a Set lookup on the document's value (or any element of an array). */
function inSet(path: string, values: unknown[]): (raw: Doc) => boolean {
  const set = new Set(values.map(keyOf));
  return (raw) => {
    const v = getPath(raw, path);
    if (set.has(keyOf(v))) return true;
    return Array.isArray(v) && v.some((x) => set.has(keyOf(x)));
  };
}

/** A plain value whose equality keyOf decides: not a regex, array, document or int64 past 2^53. */
const plainValue = (v: unknown) => indexable(v) && !(typeof v === 'object' && v !== null && (v as { _bsontype?: string; })._bsontype === 'Decimal128');

/**
 * `f: v`, `f: {$eq: v}`, `{$in: [...]}`, `{$ne: v}`, `{$nin: [...]}` on a top-level name, as Set
 * lookups on the raw value: a value matches when it, or an element of its array, is one of the values
 * (null stands for null or missing there, as in MongoDB). Undefined for anything else.
 */
function flatCheck(path: string, v: unknown): ((raw: Doc) => boolean) | undefined {
  if (path.startsWith('$') || path.includes('.')) return undefined;
  if (!isPlainObject(v)) return plainValue(v) ? inFlat(path, [v], true) : undefined;
  const ops = Object.keys(v);
  if (ops.length !== 1) return undefined;
  const x = v[ops[0]];
  const list = (xs: unknown) => Array.isArray(xs) && xs.every(plainValue);
  switch (ops[0]) {
    case '$eq':
      return plainValue(x) ? inFlat(path, [x], true) : undefined;
    case '$ne':
      return plainValue(x) ? inFlat(path, [x], false) : undefined;
    case '$in':
      return list(x) ? inFlat(path, x as unknown[], true) : undefined;
    case '$nin':
      return list(x) ? inFlat(path, x as unknown[], false) : undefined;
  }
  return undefined;
}

function inFlat(path: string, values: unknown[], wanted: boolean): (raw: Doc) => boolean {
  const set = new Set(values.map(keyOf));
  return (raw) => {
    const v = raw[path];
    const hit = set.has(keyOf(v)) || (Array.isArray(v) && v.some((x) => set.has(keyOf(x))));
    return hit === wanted;
  };
}

function isOperatorObject(v: unknown): v is Doc {
  return isPlainObject(v) && Object.keys(v).some((k) => k.startsWith('$'));
}

function indexable(v: unknown): boolean {
  return !(v instanceof RegExp) && !Array.isArray(v) && !isPlainObject(v) && (v as { _bsontype?: string; })?._bsontype !== 'BSONRegExp';
}
