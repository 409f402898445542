// Order-preserving index keys: each value becomes a string whose plain string order is MongoDB's
// comparison order (type bracket first, then value), so one sorted list of keys answers equality,
// ranges and sort order. Numbers of every BSON type share one encoding (int 5 = double 5.0 = long 5).
import { type Long, ObjectId, type Timestamp } from 'bson';
import { isPlainObject, keyOf, numberOf } from './values.js';

/** Ends every field's part of a key; sorts below any content character. */
export const SEP = '\u0000';
/** Sorts above every character a key part starts with: `p + TOP` bounds all keys beginning with p. */
export const TOP = '\uffff';

/** Type brackets in MongoDB's cross-type order. */
export const RANK = {
  minKey: 'A',
  emptyArray: 'B',
  null: 'C',
  number: 'D',
  string: 'E',
  object: 'F',
  array: 'G',
  binary: 'H',
  objectId: 'I',
  boolean: 'J',
  date: 'K',
  timestamp: 'L',
  regex: 'M',
  maxKey: 'N',
} as const;

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const hex8 = (n: number) => (n >>> 0).toString(16).padStart(8, '0');

/**
 * Bytes (big-endian) as characters of 7 bits each plus one: string order is the bytes' order, every
 * character is one byte in memory and none is SEP (0) or near TOP. 12 bytes of an ObjectId take 14
 * characters instead of 24 hex digits, 8 bytes of a number or date 10 instead of 16: index keys, held
 * once per document per index, are the engine's largest use of memory.
 */
function pack7(bytes: ArrayLike<number>): string {
  const codes: number[] = [];
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < bytes.length; i++) {
    acc = (acc << 8) | bytes[i];
    bits += 8;
    while (bits >= 7) {
      bits -= 7;
      codes.push(1 + ((acc >> bits) & 0x7f));
    }
    acc &= (1 << bits) - 1;
  }
  if (bits > 0) codes.push(1 + ((acc << (7 - bits)) & 0x7f));
  return String.fromCharCode(...codes);
}

const be8 = new Uint8Array(8);
const be8View = new DataView(be8.buffer);

/** A double as 10 characters whose string order is numeric order (NaN lowest, as in MongoDB). */
function sortableDouble(n: number): string {
  if (Number.isNaN(n)) return pack7([0, 0, 0, 0, 0, 0, 0, 0]);
  f64[0] = n === 0 ? 0 : n;
  let hi = u32[1];
  let lo = u32[0];
  if (hi & 0x80000000) {
    hi = ~hi;
    lo = ~lo;
  } else hi |= 0x80000000;
  be8View.setUint32(0, hi >>> 0);
  be8View.setUint32(4, lo >>> 0);
  return pack7(be8);
}

const escape = (s: string) => (s.includes(SEP) ? s.replaceAll(SEP, SEP + TOP) : s);

/** The type bracket a value sorts in. */
export function rankOf(v: unknown): string {
  if (v === undefined || v === null) return RANK.null;
  switch (typeof v) {
    case 'number':
    case 'bigint':
      return RANK.number;
    case 'string':
      return RANK.string;
    case 'boolean':
      return RANK.boolean;
  }
  if (v instanceof Date) return RANK.date;
  if (v instanceof RegExp) return RANK.regex;
  if (Array.isArray(v)) return v.length ? RANK.array : RANK.emptyArray;
  if (isPlainObject(v)) return RANK.object;
  switch ((v as { _bsontype?: string; })._bsontype) {
    case 'Int32':
    case 'Double':
    case 'Long':
    case 'Decimal128':
      return RANK.number;
    case 'ObjectId':
      return RANK.objectId;
    case 'Binary':
      return RANK.binary;
    case 'Timestamp':
      return RANK.timestamp;
    case 'BSONRegExp':
      return RANK.regex;
    case 'MinKey':
      return RANK.minKey;
    case 'MaxKey':
      return RANK.maxKey;
    case 'BSONSymbol':
      return RANK.string;
  }
  return RANK.object;
}

/** One value's part of an index key (without the trailing SEP). */
export function encodeValue(v: unknown): string {
  const rank = rankOf(v);
  switch (rank) {
    case RANK.null:
    case RANK.minKey:
    case RANK.maxKey:
    case RANK.emptyArray:
      return rank;
    case RANK.number:
      return rank + sortableDouble(typeof v === 'bigint' ? Number(v) : (numberOf(v) ?? Number(v)));
    case RANK.string:
      return rank + escape(String(typeof v === 'string' ? v : (v as { value: string; }).value));
    case RANK.boolean:
      return rank + (v ? '1' : '0');
    case RANK.date:
      return rank + sortableDouble((v as Date).getTime());
    case RANK.objectId:
      return rank + pack7((v as ObjectId).id);
    case RANK.timestamp: {
      const t = v as Timestamp;
      return rank + hex8(t.high) + hex8(t.low);
    }
    case RANK.binary: {
      const b = v as { buffer: Uint8Array; sub_type: number; };
      return rank + hex8(b.buffer.length) + b.sub_type.toString(16).padStart(2, '0') + Buffer.from(b.buffer).toString('hex');
    }
  }
  // Documents, arrays (as array elements) and regexes: equality only, their order is not MongoDB's.
  return rank + escape(keyOf(v));
}

/** Whether a range over this value's type bracket is in MongoDB's order (so an index may answer it). */
export function rangeable(v: unknown): boolean {
  const r = rankOf(v);
  return r === RANK.number || r === RANK.string || r === RANK.date || r === RANK.objectId || r === RANK.boolean || r === RANK.timestamp;
}

/** True for an int64 whose value a double cannot hold (its key is approximate). */
export function inexact(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || (v as { _bsontype?: string; })._bsontype !== 'Long') return false;
  const n = (v as Long).toNumber();
  return Math.abs(n) >= 2 ** 53;
}

/** The bytes pack7 made of `n` bytes. */
function unpack7(s: string, n: number): Uint8Array {
  const out = new Uint8Array(n);
  let acc = 0;
  let bits = 0;
  let w = 0;
  for (let i = 0; i < s.length && w < n; i++) {
    acc = (acc << 7) | (s.charCodeAt(i) - 1);
    bits += 7;
    if (bits >= 8) {
      bits -= 8;
      out[w++] = (acc >> bits) & 0xff;
      acc &= (1 << bits) - 1;
    }
  }
  return out;
}

function doubleOf(packed: string): number {
  const b = unpack7(packed, 8);
  const view = new DataView(b.buffer);
  let hi = view.getUint32(0);
  let lo = view.getUint32(4);
  if (hi & 0x80000000) hi &= 0x7fffffff;
  else {
    hi = ~hi;
    lo = ~lo;
  }
  u32[1] = hi >>> 0;
  u32[0] = lo >>> 0;
  return f64[0];
}

/**
 * The value a key part stands for, for the types whose part holds it whole (null or missing, numbers
 * as doubles, strings, booleans, dates, ObjectIds); undefined for the others. The inverse of encodeValue.
 */
export function decodePart(part: string): { value: unknown; } | undefined {
  const rest = part.slice(1);
  switch (part[0]) {
    case RANK.null:
      return { value: null };
    case RANK.number:
      return { value: doubleOf(rest) };
    case RANK.string:
      return { value: rest.replaceAll(SEP + TOP, SEP) };
    case RANK.boolean:
      return { value: rest === '1' };
    case RANK.date:
      return { value: new Date(doubleOf(rest)) };
    case RANK.objectId:
      return { value: new ObjectId(unpack7(rest, 12)) };
  }
  return undefined;
}

/** Part `n` (from 0) of a key, escapes kept (a SEP inside a string is written SEP TOP). */
export function keyPart(key: string, n: number): string {
  let at = 0;
  for (let f = 0;; f++) {
    let i = key.indexOf(SEP, at);
    while (i >= 0 && key[i + 1] === TOP) i = key.indexOf(SEP, i + 2);
    if (i < 0) return key.slice(at);
    if (f === n) return key.slice(at, i);
    at = i + 1;
  }
}

/** Exact key for one combination of per-field values. */
export function compoundKey(values: unknown[]): string {
  let k = '';
  for (const v of values) k += encodeValue(v) + SEP;
  return k;
}
