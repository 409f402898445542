// What the in-process engine did while `f` ran: index keys counted, documents looked up, and documents
// decoded (whole: `raw`, or as a view); without a collection, only the decoding. The tests that promise a query reads only what it must count these.
import { vi } from 'vitest';
import { Entry, type Collection } from '../../api/engine/collection';
import type { Index } from '../../api/engine/indexes';

export function engineWork<T>(coll: Collection | undefined, f: () => T): { result: T; keys: number; lookups: number; raws: number; views: number } {
  const keys = [...(coll?.indexes.values() ?? [])].map((i) => vi.spyOn(i as Index, 'countOf'));
  const get = coll ? vi.spyOn(coll.docs, 'get') : undefined;
  const raw = vi.spyOn(Entry.prototype, 'raw', 'get');
  const view = vi.spyOn(Entry.prototype, 'view', 'get');
  try {
    const result = f();
    return { result, keys: keys.reduce((n, s) => n + s.mock.calls.length, 0), lookups: get?.mock.calls.length ?? 0, raws: raw.mock.calls.length, views: view.mock.calls.length };
  } finally {
    vi.restoreAllMocks();
  }
}
