// Exact comparisons for int64 values beyond 2^53, where the JS-number view used by mingo is lossy.
// Filters with such operands get an extra exact check; sorting breaks view ties exactly.
import type { Long } from 'bson';
import { type Doc, getPath, isPlainObject } from './values.js';

const SAFE = 2 ** 53;

function asBig(v: unknown): bigint | number | undefined {
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v) : v;
  if (v === null || typeof v !== 'object') return undefined;
  switch ((v as { _bsontype?: string; })._bsontype) {
    case 'Long':
      return BigInt((v as Long).toString());
    case 'Int32':
    case 'Double': {
      const n = (v as { value: number; }).value;
      return Number.isInteger(n) ? BigInt(n) : n;
    }
  }
  return undefined;
}

export function isBigLong(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || (v as { _bsontype?: string; })._bsontype !== 'Long') return false;
  const n = (v as Long).toNumber();
  return n >= SAFE || n <= -SAFE;
}

/** Numeric comparison without precision loss; undefined when either side is not a number. */
export function exactCompare(a: unknown, b: unknown): number | undefined {
  const x = asBig(a);
  const y = asBig(b);
  if (x === undefined || y === undefined) return undefined;
  if (typeof x === 'bigint' && typeof y === 'bigint') return x < y ? -1 : x > y ? 1 : 0;
  const nx = Number(x);
  const ny = Number(y);
  return nx < ny ? -1 : nx > ny ? 1 : 0;
}

type Check = (raw: Doc) => boolean;

const OPS: Record<string, (c: number) => boolean> = {
  $eq: (c) => c === 0,
  $gt: (c) => c > 0,
  $gte: (c) => c >= 0,
  $lt: (c) => c < 0,
  $lte: (c) => c <= 0,
};

function fieldCheck(path: string, op: string, operand: unknown): Check {
  const test = OPS[op];
  return (raw) => {
    const v = getPath(raw, path);
    const values = Array.isArray(v) ? v : [v];
    return values.some((x) => {
      const c = exactCompare(x, operand);
      return c !== undefined && test(c);
    });
  };
}

/**
 * Splits comparisons against big int64 operands out of a filter: they are checked exactly on the raw
 * document, and the rest (returned as `rest`) goes to mingo. Ordinary filters come back unchanged.
 */
export function splitExact(filter: Doc): { rest: Doc; checks: Check[]; } {
  const checks: Check[] = [];
  const rest: Doc = {};
  for (const [k, v] of Object.entries(filter)) {
    if (k === '$and' && Array.isArray(v)) {
      rest.$and = v.map((part) => {
        if (!isPlainObject(part)) return part;
        const inner = splitExact(part);
        checks.push(...inner.checks);
        return inner.rest;
      });
      continue;
    }
    if (k.startsWith('$')) {
      rest[k] = v;
      continue;
    }
    if (isBigLong(v)) {
      checks.push(fieldCheck(k, '$eq', v));
      continue;
    }
    if (!isPlainObject(v)) {
      rest[k] = v;
      continue;
    }
    const kept: Doc = {};
    for (const [op, operand] of Object.entries(v)) {
      if (op in OPS && isBigLong(operand)) checks.push(fieldCheck(k, op, operand));
      else if (op === '$in' && Array.isArray(operand) && operand.some(isBigLong)) {
        const each = operand.map((o) => fieldCheck(k, '$eq', o));
        checks.push((raw) => each.some((c) => c(raw)));
      } else kept[op] = operand;
    }
    if (Object.keys(kept).length || Object.keys(v).length === 0) rest[k] = kept;
  }
  return { rest, checks };
}
