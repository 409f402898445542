// A filter's conditions as index keys: per top-level field (and inside a top-level $and), the equality
// points or key ranges an index can answer, and whether its answer is exact for that field.
import { encodeValue, inexact, RANK, rangeable, rankOf, SEP, TOP } from './keys.js';
import { type Doc, isPlainObject } from './values.js';

/** What the filter asks of one top-level field, as index keys. */
export interface Cond {
  points?: string[];
  /** The equality values themselves (the _id lookup uses them). */
  values?: unknown[];
  /** Key ranges [lo, hi) of the field's part (one, or two around the null key for `$ne: null`). */
  ranges?: [string, string][];
  /** Both range ends were given (an index on an array field can only use one of them). */
  twoSided?: boolean;
  /** The index answer is the exact answer for this field (no re-check needed). */
  decidable: boolean;
  /**
   * Exact only on an index field that never held an array, for a top-level name: null equality (the
   * null key is "null or missing", which `{f: null}` means there) and `$ne: null`.
   */
  flat?: boolean;
  /** Whether this came from a top-level key (only those can be dropped from the re-check). */
  topLevel: boolean;
}

function isOperatorObject(v: unknown): v is Doc {
  return isPlainObject(v) && Object.keys(v).some((k) => k.startsWith('$'));
}

/** A plain scalar an index key can stand for (not a regex, array or document). */
function scalar(v: unknown): boolean {
  if (v instanceof RegExp || Array.isArray(v) || isPlainObject(v)) return false;
  return (v as { _bsontype?: string; })?._bsontype !== 'BSONRegExp';
}

/**
 * The literal text an anchored, case-sensitive regex's matches all begin with (`/^smi/` → "smi"), or
 * undefined. Such a regex asks for string keys in [prefix, prefix + TOP): a range an index answers,
 * also on an array field (the regex is one test per element), as MongoDB's planner does.
 */
export function regexPrefix(v: unknown): string | undefined {
  return prefixOf(v)?.[0];
}

/** The prefix, and whether it is the whole pattern (`/^EC1A/`: the range is then the exact answer for strings). */
function prefixOf(v: unknown): [string, boolean] | undefined {
  const r = v as { source?: string; flags?: string; pattern?: string; options?: string; _bsontype?: string; };
  const isRegex = v instanceof RegExp || r?._bsontype === 'BSONRegExp';
  if (!isRegex) return undefined;
  const source = (v instanceof RegExp ? r.source : r.pattern) ?? '';
  const flags = (v instanceof RegExp ? r.flags : r.options) ?? '';
  if (!source.startsWith('^') || /[imx]/.test(flags) || source.includes('|')) return undefined;
  const out: string[] = [];
  let whole = true;
  for (let i = 1; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const next = source[i + 1];
      if (next === undefined || /[\dA-Z]/i.test(next)) {
        whole = false; // a class such as \d, or an escape like \n
        break;
      }
      out.push(next);
      i++;
      continue;
    }
    if ('?*{'.includes(c)) out.pop(); // the character before may be absent
    if ('?*{.^$+()[]}'.includes(c)) {
      whole = false;
      break;
    }
    out.push(c);
  }
  return out.length ? [out.join(''), whole] : undefined;
}

function condOf(v: unknown, topLevel: boolean): Cond | undefined {
  if (!isOperatorObject(v)) {
    const p = prefixOf(v);
    // Only strings match a regex (or arrays holding one): a pattern that is all prefix is decided by the range.
    if (p && !p[0].includes(SEP)) return { ranges: [[RANK.string + p[0], RANK.string + p[0] + TOP]], decidable: p[1], topLevel };
    if (!scalar(v)) return undefined;
    // {f: null} also matches array elements and sub-paths that are missing: only a flat field decides it.
    const isNull = v === null || v === undefined;
    return { points: [encodeValue(v)], values: [v], decidable: !isNull && !inexact(v), flat: isNull, topLevel };
  }
  const c: Cond = { decidable: true, topLevel };
  let lo: [unknown, boolean] | undefined;
  let hi: [unknown, boolean] | undefined;
  let neNull = false;
  let nulls = false;
  for (const [op, x] of Object.entries(v)) {
    if (op === '$eq' && scalar(x) && !c.points) {
      c.points = [encodeValue(x)];
      c.values = [x];
      if (x === null || x === undefined) nulls = true;
      else if (inexact(x)) c.decidable = false;
    } else if (op === '$in' && Array.isArray(x) && x.every(scalar) && !c.points) {
      c.points = [...new Set(x.map(encodeValue))];
      c.values = x;
      if (x.some((y) => inexact(y))) c.decidable = false;
      else if (x.some((y) => y === null || y === undefined)) nulls = true;
    } else if (op === '$ne' && x === null && !neNull) {
      neNull = true;
    } else if ((op === '$gt' || op === '$gte') && rangeable(x) && !lo) {
      lo = [x, op === '$gte'];
      if (inexact(x)) c.decidable = false;
    } else if ((op === '$lt' || op === '$lte') && rangeable(x) && !hi) {
      hi = [x, op === '$lte'];
      if (inexact(x)) c.decidable = false;
    } else c.decidable = false;
  }
  if (c.points && (lo || hi || neNull)) {
    c.decidable = false; // equality and range on one field: use the equality, re-check the rest
    return c;
  }
  if (c.points && nulls) {
    c.flat = c.decidable;
    c.decidable = false;
  }
  if (neNull) {
    if (lo || hi) c.decidable = false; // the range is used, `$ne: null` re-checked
    else {
      // Every key but the null one: the brackets below it (MinKey, []) and those above.
      c.ranges = [
        ['', RANK.null],
        [RANK.number, TOP],
      ];
      c.flat = c.decidable;
      c.decidable = false;
      return c;
    }
  }
  if (lo && hi && rankOf(lo[0]) !== rankOf(hi[0])) {
    hi = undefined; // different type brackets: nothing matches; let the filter say so
    c.decidable = false;
  }
  if (lo || hi) {
    const rank = rankOf((lo ?? hi)![0]);
    c.ranges = [[lo ? encodeValue(lo[0]) + SEP + (lo[1] ? '' : TOP) : rank, hi ? encodeValue(hi[0]) + SEP + (hi[1] ? TOP : '') : rank + TOP]];
    c.twoSided = !!(lo && hi);
  }
  return c.points || c.ranges ? c : undefined;
}

/** Conditions per field: top-level ones first, then those inside a top-level $and. */
export function conditions(filter: Doc): Map<string, Cond> {
  const out = new Map<string, Cond>();
  for (const [k, c] of allConditions(filter).conds) if (!out.has(k)) out.set(k, c);
  return out;
}

/**
 * Every condition of the filter an index key can stand for, several per field when a top-level $and
 * asks one field more than once (a search's words), in the filter's order; `whole`: the filter is made
 * of nothing else (every part of it is one of those conditions).
 */
export function allConditions(filter: Doc): { conds: [string, Cond][]; whole: boolean; } {
  const conds: [string, Cond][] = [];
  let whole = true;
  const visit = (f: Doc, top: boolean) => {
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v)) {
        for (const part of v) {
          if (isPlainObject(part)) visit(part, false);
          else whole = false;
        }
        continue;
      }
      const c = k.startsWith('$') ? undefined : condOf(v, top);
      if (c) conds.push([k, c]);
      else whole = false;
    }
  };
  visit(filter, true);
  return { conds, whole };
}
