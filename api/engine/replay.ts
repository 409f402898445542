// One snapshot or journal record applied to the in-memory catalog, at start-up (store.ts reads the files).
import type { Document } from 'bson';
import type { BlobRef } from './blobs.js';
import type { Collection } from './collection.js';
import type { IndexSpec } from './index-spec.js';
import { type Doc, numberOf } from './values.js';

/** What a record changes: the store's catalog. */
export interface ReplayTarget {
  collection(db: string, name: string, create?: boolean): Collection | undefined;
  dropCollection(db: string, name: string): boolean;
  dropDatabase(db: string): void;
}

/** Applies one record; a header record's generation is returned (undefined for every other record). */
export function applyRecord(store: ReplayTarget, r: Document): number | undefined {
  const [db, coll] = splitNs(String(r.ns ?? ''));
  switch (r.o) {
    case 'hdr':
      return Number(r.gen);
    case 'coll':
      store.collection(db, coll, true);
      break;
    case 'put':
      store.collection(db, coll, true)!.put(r.d as Doc);
      break;
    case 'docs': {
      const c = store.collection(db, coll, true)!;
      for (const d of r.docs as (Doc | Uint8Array)[]) {
        if (d instanceof Uint8Array) c.putBytes(d);
        else c.put(d);
      }
      break;
    }
    case 'pref':
      store.collection(db, coll, true)!.putRef(r.s as Doc, refOf(r.r as Doc));
      break;
    case 'del':
      store.collection(db, coll)?.removeById(r.id);
      break;
    case 'ix':
      store.collection(db, coll, true)!.createIndex(r.spec as IndexSpec, true);
      break;
    case 'dix': {
      // A snapshot written while commands ran may already lack an index the journal drops.
      const c = store.collection(db, coll);
      if (c?.indexes.has(String(r.name))) c.dropIndex(String(r.name));
      break;
    }
    case 'drop':
      store.dropCollection(db, coll);
      break;
    case 'dropdb':
      store.dropDatabase(String(r.db));
      break;
    default:
      throw new Error(`Unknown journal record ${String(r.o)}`);
  }
  return undefined;
}

/** A blob reference as read back (numbers may come as Int32/Double wrappers). */
function refOf(r: Doc): BlobRef {
  return { g: numberOf(r.g) ?? 0, o: numberOf(r.o) ?? 0, l: numberOf(r.l) ?? 0 };
}

export function splitNs(ns: string): [string, string] {
  const i = ns.indexOf('.');
  return i < 0 ? [ns, ''] : [ns.slice(0, i), ns.slice(i + 1)];
}
