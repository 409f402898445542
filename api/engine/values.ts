// Two forms of every document. "raw" keeps the exact BSON types the client sent (Int32, Double, Long,
// Decimal128) so they round-trip unchanged; "view" turns numeric wrappers into JS numbers so mingo
// compares int/long/double numerically. Other values (ObjectId, Date, Binary, strings) are shared.
import { Decimal128, Double, Int32, Long, ObjectId } from 'bson';

export type Doc = Record<string, unknown>;

export function isPlainObject(v: unknown): v is Doc {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function bsonType(v: object): string | undefined {
  return (v as { _bsontype?: string; })._bsontype;
}

/** Numeric wrapper → JS number (Long beyond 2^53 loses precision here; exact checks use raw values). */
export function numberOf(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (v === null || typeof v !== 'object') return undefined;
  switch (bsonType(v)) {
    case 'Int32':
    case 'Double':
      return (v as Int32 | Double).value;
    case 'Long':
      return (v as Long).toNumber();
    case 'Decimal128':
      return Number.parseFloat((v as Decimal128).toString());
  }
  return undefined;
}

export function toView(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(toView);
  if (isPlainObject(v)) {
    const out: Doc = {};
    for (const k of Object.keys(v)) out[k] = toView(v[k]);
    return out;
  }
  const n = numberOf(v);
  return n === undefined ? v : n;
}

/** Copies containers, shares leaves: enough isolation for mingo's in-place updaters. */
export function cloneTree<T>(v: T): T {
  if (Array.isArray(v)) return v.map(cloneTree) as T;
  if (isPlainObject(v)) {
    const out: Doc = {};
    for (const k of Object.keys(v)) out[k] = cloneTree(v[k]);
    return out as T;
  }
  return v;
}

function sameView(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameView(x, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k, i) => k === kb[i] && sameView(a[k], b[k]));
  }
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return false;
}

export function numberToRaw(n: number, old: unknown): unknown {
  const t = old !== null && typeof old === 'object' ? bsonType(old) : undefined;
  if (t === 'Double' || t === 'Decimal128' || (typeof old === 'number' && !Number.isInteger(old))) return new Double(n);
  if (Number.isInteger(n)) {
    if (t === 'Long') return Long.fromNumber(n);
    if (n >= -2147483648 && n <= 2147483647) return n; // serialised as int32, as the driver would
    // An int32 that outgrows its type becomes an int64 (as with mongod's $inc); other numbers double.
    return t === 'Int32' || (typeof old === 'number' && Number.isInteger(old)) ? Long.fromNumber(n) : new Double(n);
  }
  return n;
}

/**
 * Rebuilds the raw form after an update ran on the view: unchanged parts keep their original raw
 * values (and so their exact BSON types); changed numbers keep the numeric type the field had.
 */
export function fromView(next: unknown, prevView: unknown, prevRaw: unknown): unknown {
  if (sameView(next, prevView)) return prevRaw;
  if (typeof next === 'number') return numberToRaw(next, prevRaw);
  if (Array.isArray(next)) {
    const pv = Array.isArray(prevView) ? prevView : [];
    const pr = Array.isArray(prevRaw) ? prevRaw : [];
    return next.map((x, i) => fromView(x, pv[i], pr[i]));
  }
  if (isPlainObject(next)) {
    const pv = isPlainObject(prevView) ? prevView : {};
    const pr = isPlainObject(prevRaw) ? prevRaw : {};
    const out: Doc = {};
    for (const k of Object.keys(next)) out[k] = fromView(next[k], pv[k], pr[k]);
    return out;
  }
  return next;
}

/** Canonical string for a value in a hash index: equal in MongoDB ⇔ equal key (int 5 = double 5.0). */
export function keyOf(v: unknown): string {
  if (v === undefined || v === null) return 'z';
  switch (typeof v) {
    case 'string':
      return 's' + v;
    case 'number':
      return 'n' + (Number.isInteger(v) ? BigInt(v).toString() : String(v));
    case 'boolean':
      return v ? 'b1' : 'b0';
    case 'bigint':
      return 'n' + v.toString();
  }
  if (v instanceof Date) return 'd' + v.getTime();
  if (Array.isArray(v)) return 'a[' + v.map(keyOf).join(',') + ']';
  if (isPlainObject(v)) return 'o{' + Object.keys(v).map((k) => JSON.stringify(k) + ':' + keyOf(v[k])).join(',') + '}';
  const t = bsonType(v as object);
  // Ids are kept for the document's lifetime (as its key everywhere): one flat string, where `+` over
  // the driver's hex string would keep a tree of small concatenations alive per document.
  if (t === 'ObjectId') return ['i', (v as ObjectId).toHexString()].join('');
  if (t === 'Long') {
    const l = v as Long;
    return 'n' + l.toString();
  }
  if (t === 'Int32' || t === 'Double' || t === 'Decimal128') return keyOf(numberOf(v));
  if (t === 'Binary') return 'x' + Buffer.from((v as { buffer: Uint8Array; }).buffer).toString('base64');
  if (v instanceof RegExp) return 'r' + String(v);
  return 'u' + t + ':' + String(v);
}

export function newObjectId(): ObjectId {
  return new ObjectId();
}

/** Reads a numeric command option (the wire decoder keeps Int32/Long wrappers). */
export function optNum(v: unknown, dflt: number): number {
  const n = numberOf(v);
  return n === undefined || Number.isNaN(n) ? dflt : n;
}

/** Value at a dotted path (no array traversal: used for index keys on plain paths). */
export function getPath(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (Array.isArray(cur)) {
      const i = Number(part);
      if (!Number.isInteger(i)) return cur.map((x) => getPath(x, part)).filter((x) => x !== undefined);
      cur = cur[i];
    } else cur = (cur as Doc)[part];
  }
  return cur;
}
