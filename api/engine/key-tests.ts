// Tests of an index key's later parts: a compound index whose first fields are a range (or left open)
// still narrows the walk by its later fields' conditions, tested on each key before its documents are
// fetched, as mongod's index bounds do (`{ accepted_at: range, accept_wait_min: null }` reads only the
// keys whose wait is null).
import type { Cond } from './conditions.js';
import type { Index } from './indexes.js';
import { SEP, TOP } from './keys.js';

/** One later field's condition, tested on a key's part for that field (the part with its SEP). */
export interface KeyTest {
  field: number;
  points?: Set<string>;
  ranges?: [string, string][];
}

/**
 * The conditions on index fields from `from` on, as tests of a key's parts. A field that held an array
 * is left out: its document has a key per element, and a two-sided range may be met by two elements.
 */
export function laterKeyTests(ix: Index, conds: Map<string, Cond>, from: number): KeyTest[] {
  const tests: KeyTest[] = [];
  for (let j = from; j < ix.fields.length; j++) {
    const c = conds.get(ix.fields[j]);
    if (!c || ix.multikey[j]) continue;
    if (c.points) tests.push({ field: j, points: new Set(c.points.map((pt) => pt + SEP)) });
    else if (c.ranges) tests.push({ field: j, ranges: c.ranges });
  }
  return tests;
}

/** A key's part for field n, with its closing SEP. */
function keyPart(key: string, n: number): string {
  return key.slice(keyPrefix(key, n).length, keyPrefix(key, n + 1).length);
}

/** Whether a key's later parts meet the plan's key tests (so its documents are worth fetching). */
export function keyPasses(tests: KeyTest[] | undefined, key: string): boolean {
  if (!tests) return true;
  for (const t of tests) {
    const part = keyPart(key, t.field);
    if (t.points ? !t.points.has(part) : !t.ranges!.some(([lo, hi]) => lo <= part && part < hi)) return false;
  }
  return true;
}

/** The key's parts for its first n fields (to tell when a run of equal sort values ends). */
export function keyPrefix(key: string, n: number): string {
  let at = 0;
  for (let f = 0; f < n; f++) {
    let i = key.indexOf(SEP, at);
    while (i >= 0 && key[i + 1] === TOP) i = key.indexOf(SEP, i + 2);
    if (i < 0) return key;
    at = i + 1;
  }
  return key.slice(0, at);
}
