// Building an index over the documents already stored (collection.ts keeps it in step afterwards):
// whether an equal one exists, then its keys, decoding only the fields they are made of, at once when
// it is created or in slices (the indexes start-up deferred, the ordered _id index).
import { Entry } from './entry.js';
import { fail } from './errors.js';
import type { IndexSpec } from './index-spec.js';
import type { Index } from './indexes.js';
import { fieldNames, pluck } from './pluck.js';
import { due, type Steps } from './slices.js';
import { toView } from './values.js';

/** What `pluck` must read for keys on these index fields: their top-level names, and `_id`. */
export const keyFieldNames = (indexFields: string[]) => fieldNames(['_id', ...indexFields.map((f) => f.split('.')[0])]);

/** The documents a fill walks, and whether their collection was dropped meanwhile. */
interface Stored {
  readonly docs: Map<string, Entry>;
  readonly indexes: Map<string, Index>;
  readonly gone: boolean;
}

/** True when an index with these keys (and uniqueness) is there already; another one of the same name is refused. */
export function indexedAlready(indexes: Map<string, Index>, spec: IndexSpec): boolean {
  const existing = indexes.get(spec.name);
  if (existing) {
    if (JSON.stringify(toView(existing.spec.key)) !== JSON.stringify(toView(spec.key))) {
      fail('IndexKeySpecsConflict', `An existing index has the same name as the requested index. Requested index: ${JSON.stringify(toView(spec))}`);
    }
    return true;
  }
  for (const ix of indexes.values()) {
    if (JSON.stringify(toView(ix.spec.key)) === JSON.stringify(toView(spec.key)) && !!ix.spec.unique === !!spec.unique) return true;
  }
  return false;
}

/** Adds every document's keys to a new index at once; `trusted` (journal replay) skips the unique check. */
export function buildIndex(ix: Index, spec: IndexSpec, docs: Map<string, Entry>, trusted: boolean): void {
  // Only the index's own fields are decoded (and not cached): building over every document would
  // otherwise decode each whole and push the working set out of the cache of decoded documents.
  const fields = spec.partialFilterExpression ? undefined : keyFieldNames(Object.keys(spec.key));
  for (const e of docs.values()) {
    const b = e.bytes;
    const probe = b && fields ? new Entry(e.id, pluck(b, fields)) : e;
    const ks = ix.keysOf(probe);
    try {
      if (!trusted) ix.checkUnique(ks, e.id, probe.keyDoc);
    } catch (err) {
      ix.clear();
      throw err;
    }
    ix.add(ks, e.id);
  }
}

/**
 * Adds every document's keys to `ixs`, decoding only their fields, pausing at checkpoints. Writes
 * made meanwhile keep the indexes in step themselves; the walk (a live Map iterator) still meets
 * documents added or replaced after it began, and adding a key a document already has changes
 * nothing, so the result is exact. False when the collection was dropped before the end.
 */
export function* fillIndexes(c: Stored, ixs: Index[]): Steps<boolean> {
  const fields = keyFieldNames(ixs.flatMap((ix) => ix.fields));
  let now = ixs;
  for (const e of c.docs.values()) {
    if (c.gone) return false;
    const b = e.bytes;
    const probe = b ? new Entry(e.id, pluck(b, fields)) : e;
    // A partial index's filter may read any field (only a key file's fallback defers one).
    for (const ix of now) ix.add(ix.keysOf(ix.spec.partialFilterExpression ? e : probe), e.id);
    if (due()) {
      yield;
      now = ixs.filter((ix) => c.indexes.get(ix.name) === ix); // one dropped meanwhile is left alone
    }
  }
  for (const ix of ixs) ix.filled();
  return true;
}

/** Fills the _id index from the documents' `_id` alone (decoding each whole took 15 s at 100 000 under load). */
export function* fillIdIndex(c: Stored, ix: Index): Steps<boolean> {
  const fields = keyFieldNames([]);
  for (const e of c.docs.values()) {
    if (c.gone) return false;
    const b = e.bytes;
    ix.add(ix.keysOf(b ? new Entry(e.id, pluck(b, fields)) : e), e.id);
    if (due()) yield;
  }
  ix.filled();
  return true;
}
