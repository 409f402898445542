// TTL indexes: like mongod's background monitor (every 60 s), a periodic sweep deletes documents
// whose indexed date is older than expireAfterSeconds. Expiry can therefore lag by one interval.
import type { Store } from './store.js';
import { getPath } from './values.js';

export const DEFAULT_TTL_SWEEP_MS = 30_000;

export function sweepExpired(store: Store, now = Date.now()): number {
  let removed = 0;
  for (const colls of store.dbs.values()) {
    for (const coll of colls.values()) {
      for (const ix of coll.indexes.values()) {
        const ttl = ix.spec.expireAfterSeconds;
        if (ttl === undefined || ix.fields.length !== 1) continue;
        const cutoff = now - ttl * 1000;
        for (const e of [...coll.docs.values()]) {
          const v = getPath(e.keyDoc, ix.fields[0]);
          const dates = (Array.isArray(v) ? v : [v]).filter((d): d is Date => d instanceof Date);
          // mongod uses the earliest date of an array.
          if (dates.length && Math.min(...dates.map((d) => d.getTime())) <= cutoff) {
            coll.remove(e);
            removed++;
          }
        }
      }
    }
  }
  if (removed) store.commit(false);
  return removed;
}
