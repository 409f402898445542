// Projections of found documents: exclusion-only and inclusion-only ones as plain key picks, any
// other through mingo; _id first, as mongod answers.
import type { Collection } from '../collection.js';
import type { Entry } from '../entry.js';
import { mingoQuery } from '../mingo-query.js';
import { pause } from '../query.js';
import { dueNow, type Steps } from '../slices.js';
import { type Doc, numberOf, toView } from '../values.js';

/**
 * Top-level fields of a projection that only excludes (`{ a: 0, b: false }`), else undefined. Such a
 * projection is a key filter: no need to compile it with mingo for every find (the public blog list
 * sends one on every request).
 */
function excludedFields(projection: Doc): Set<string> | undefined {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(projection)) {
    if (k.startsWith('$') || k.includes('.') || !(v === false || numberOf(v) === 0)) return undefined;
    out.add(k);
  }
  return out;
}

/**
 * Top-level fields of a projection that only includes (`{ a: 1, b: true }`, `_id: 0` allowed), with
 * whether _id is kept, else undefined. A key pick too: the app's lists send one on every page, and
 * mingo's compiled projection cost more than the query (a week of the office's schedule: a quarter of its time).
 */
function includedFields(projection: Doc): { fields: Set<string>; id: boolean; } | undefined {
  const fields = new Set<string>();
  let id = true;
  let picks = false;
  for (const [k, v] of Object.entries(projection)) {
    if (k.startsWith('$') || k.includes('.')) return undefined;
    const on = v === true || (typeof v === 'number' && v !== 0);
    picks ||= on;
    if (k === '_id') {
      if (!on && !(v === false || v === 0)) return undefined;
      id = on;
    } else if (on) fields.add(k);
    else return undefined;
  }
  return picks ? { fields, id } : undefined;
}

/** project() a piece at a time, pausing between pieces. */
export function* projectSteps(coll: Collection, entries: Entry[], projection: Doc, deadline: number | undefined): Steps<Doc[]> {
  const out: Doc[] = [];
  for (let i = 0; i < entries.length; i += 256) {
    for (const d of project(entries.slice(i, i + 256).map((e) => e.raw), projection)) out.push(d);
    if (dueNow()) yield* pause(coll, deadline);
  }
  return out;
}

export function project(docs: Doc[], projection: Doc | undefined): Doc[] {
  if (!projection || Object.keys(projection).length === 0) return docs;
  const excluded = excludedFields(projection);
  if (excluded) {
    // Same result as mingo's exclusion: every other field, in document order, values shared (not copied).
    return docs.map((d) => {
      const o: Doc = {};
      for (const k in d) if (!excluded.has(k)) o[k] = d[k];
      return o;
    });
  }
  const included = includedFields(projection);
  if (included) {
    // As mingo's inclusion gives it: _id first, then the fields in the document's order; values shared.
    return docs.map((d) => {
      const o: Doc = {};
      if (included.id && d._id !== undefined) o._id = d._id;
      for (const k in d) if (k !== '_id' && included.fields.has(k) && d[k] !== undefined) o[k] = d[k];
      return o;
    });
  }
  const out = mingoQuery({}).find(docs, toView(projection) as Doc).all() as Doc[];
  // mongod always returns _id first; mingo keeps the projection's order.
  return out.map((d) => (Object.keys(d)[0] === '_id' || !('_id' in d) ? d : { _id: d._id, ...d }));
}
