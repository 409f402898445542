// What the in-process engine did while `f` ran: index keys counted, documents looked up, and documents
// decoded (whole: `raw`, or as a view); without a collection, only the decoding. The tests that promise a query reads only what it must count these.
import { vi } from 'vitest';
import type { Collection } from '../../api/engine/collection';
import { Entry } from '../../api/engine/entry';
import { Cursors } from '../../api/engine/cursors';
import type { Index } from '../../api/engine/indexes';
import { runCommand } from '../../api/engine/server';
import type { Store } from '../../api/engine/store';

export function engineWork<T>(coll: Collection | undefined, f: () => T): { result: T; keys: number; lookups: number; raws: number; views: number; } {
  const keys = [...(coll?.indexes.values() ?? [])].map((i) => vi.spyOn(i as Index, 'countOf'));
  const get = coll ? vi.spyOn(coll.docs, 'get') : undefined;
  const raw = vi.spyOn(Entry.prototype, 'raw', 'get');
  const view = vi.spyOn(Entry.prototype, 'view', 'get');
  try {
    const result = f();
    return {
      result,
      keys: keys.reduce((n, s) => n + s.mock.calls.length, 0),
      lookups: get?.mock.calls.length ?? 0,
      raws: raw.mock.calls.length,
      views: view.mock.calls.length,
    };
  } finally {
    vi.restoreAllMocks();
  }
}

/**
 * Commands against an in-process store, as the wire server runs them (a refusal throws), and what
 * mongoose's countDocuments sends. `store` is read at each call: the tests open it in beforeAll.
 */
export function commandsOn(store: () => Store, db: string) {
  const cursors = new Cursors();
  const run = (cmd: Record<string, unknown>) => {
    const r = runCommand(store(), cursors, { ...cmd, $db: db }, 1);
    if (r.ok !== 1) throw new Error(JSON.stringify(r));
    return r;
  };
  const countDocuments = (collection: string, match: Record<string, unknown>, skip = 0, limit = 0) => {
    const pipeline: Record<string, unknown>[] = [{ $match: match }];
    if (skip) pipeline.push({ $skip: skip });
    if (limit) pipeline.push({ $limit: limit });
    pipeline.push({ $group: { _id: 1, n: { $sum: 1 } } });
    const batch = run({ aggregate: collection, pipeline, cursor: {} }).cursor.firstBatch as { n: number; }[];
    return batch[0]?.n ?? 0;
  };
  return { cursors, run, countDocuments };
}
