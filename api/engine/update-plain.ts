// The usual updates applied without mingo, whose update sets up its operator tables (a few hundred
// entries, copied) on every call: most of an accept's engine time went there. Each gives the same
// answer as the general path in update.ts, or undefined when the update is not its shape (the general
// path then applies it, or refuses it with mongod's error).
import { cloneTree, type Doc, isPlainObject, keyOf, numberOf, numberToRaw } from './values.js';

const PLAIN_TYPES = new Set(['ObjectId', 'Int32', 'Double']);
const plainScalar = (v: unknown) =>
  v === null || typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number' || v instanceof Date ||
  PLAIN_TYPES.has((v as { _bsontype?: string; })?._bsontype ?? '');

/** A top-level field name other than `_id`: what the plain paths set without mingo. */
const plainName = (k: string) => k !== '_id' && !k.includes('.') && !k.startsWith('$') && k !== '';

/** An `$inc` amount as the general path stores it on a field it creates: a plain number (from a number, Int32 or Double). */
function incAmount(v: unknown): number | undefined {
  const type = (v as { _bsontype?: string; } | null)?._bsontype;
  const n = typeof v === 'number' ? v : type === 'Int32' || type === 'Double' ? Number((v as { valueOf(): number; }).valueOf()) : undefined;
  return n !== undefined && Number.isFinite(n) ? n : undefined;
}

/** A field an `$inc` adds to here: a number, Int32 or Double that is not NaN (a Long or Decimal128 takes the general path). */
function incTarget(v: unknown): number | undefined {
  const type = (v as { _bsontype?: string; } | null)?._bsontype;
  if (typeof v !== 'number' && type !== 'Int32' && type !== 'Double') return undefined;
  const n = numberOf(v);
  return n === undefined || Number.isNaN(n) ? undefined : n;
}

const PLAIN_OPS = new Set(['$set', '$unset', '$inc', '$pull']);

/**
 * The usual update of a stored document: `$set` of plain values, `$unset`, `$inc` of a number already
 * there (a counter, a job's attempts) and `$pull` of a plain value (a cleaner off a booking's declined
 * list), each on top-level names, a name once. Unchanged (the same object) when nothing moves; else
 * every set value in its exact type, a number added to in the type it had, an array without the
 * elements equal to the value pulled.
 */
export function plainUpdate(raw: Doc, u: Doc): Doc | undefined {
  const ops = Object.keys(u);
  if (!ops.length || !ops.every((op) => PLAIN_OPS.has(op))) return undefined;
  const names = new Set<string>();
  for (const op of ops) {
    for (const [k, v] of Object.entries(u[op] as Doc)) {
      if (!plainName(k) || names.has(k)) return undefined;
      names.add(k);
      if (op === '$set' && !plainScalar(v)) return undefined;
      if (op === '$inc' && (incAmount(v) === undefined || incTarget(raw[k]) === undefined)) return undefined;
      if (op === '$pull' && (!plainScalar(v) || !(raw[k] === undefined || Array.isArray(raw[k])))) return undefined;
    }
  }
  const changes: Array<[string, unknown] | [string]> = [];
  let changed = false;
  for (const [k, v] of Object.entries((u.$set ?? {}) as Doc)) {
    // Every set value is written once anything changes (a double 5.0 over an int 5 included), as the general path does.
    changes.push([k, v]);
    changed ||= !(k in raw) || keyOf(raw[k]) !== keyOf(v) || isPlainObject(raw[k]) || Array.isArray(raw[k]);
  }
  for (const k of Object.keys((u.$unset ?? {}) as Doc)) {
    if (!(k in raw)) continue;
    changes.push([k]);
    changed = true;
  }
  for (const [k, v] of Object.entries((u.$inc ?? {}) as Doc)) {
    const was = incTarget(raw[k])!;
    const next = was + incAmount(v)!;
    if (next === was) continue;
    changes.push([k, numberToRaw(next, raw[k])]);
    changed = true;
  }
  for (const [k, v] of Object.entries((u.$pull ?? {}) as Doc)) {
    if (raw[k] === undefined) continue;
    const pulled = keyOf(v);
    const kept = (raw[k] as unknown[]).filter((x) => keyOf(x) !== pulled);
    if (kept.length === (raw[k] as unknown[]).length) continue;
    changes.push([k, kept]);
    changed = true;
  }
  if (!changed) return raw;
  const out: Doc = { ...raw };
  for (const c of changes) {
    if (c.length === 1) delete out[c[0]];
    else out[c[0]] = c[1];
  }
  return out;
}

/**
 * The usual upsert's insert (a job scheduled, a counter started): `$setOnInsert`, `$set` and `$inc` of
 * top-level names, applied to the filter's equality fields. Same answer as the general path: the fields
 * in the order it adds them, the set values in their exact raw types, an `$inc` of an absent field its
 * amount. Undefined when not that shape: a name twice, a dotted or `_id` name, an `$inc` that is not a
 * number, Int32 or Double or lands on a seeded field (the general path refuses or applies those).
 */
export function plainInsert(seed: Doc, u: Doc): Doc | undefined {
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
