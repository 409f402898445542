// The offline copy of a paged list, one IndexedDB row per item with its position in the server's
// order. Page 1 starts a fresh copy (what the list looks like now); later pages are written into their
// positions as they are loaded, so offline the device shows every page it saw, in the server's order.
import type { EntityTable } from 'dexie';
import type { CachedRecord } from './db';
import type { Page } from './paging';

type Table = EntityTable<CachedRecord, 'id'>;
const rowId = (owner: string, itemId: string) => `${owner}:${itemId}`;

/** Writes one page the server answered into `owner`'s copy. */
export async function savePageCopy<T extends { id: string; }>(
  table: Table,
  owner: string,
  page: Pick<Page<T>, 'items' | 'page' | 'limit'>,
  now = Date.now(),
): Promise<void> {
  const start = (page.page - 1) * page.limit;
  const rows: CachedRecord[] = page.items.map((item, i) => ({ id: rowId(owner, item.id), owner, data: item, savedAt: now, pos: start + i }));
  await table.db.transaction('rw', table, async () => {
    if (page.page === 1) await table.where('owner').equals(owner).delete();
    else await table.where('owner').equals(owner).filter((r) => (r.pos ?? 0) >= start && (r.pos ?? 0) < start + page.limit).delete();
    await table.bulkPut(rows);
  });
}

export interface PageCopy<T> extends Page<T> {
  /** When the oldest row shown was saved. */
  savedAt: number;
}

/**
 * A page of `owner`'s saved copy, optionally only the items `keep` accepts, or null when nothing is
 * saved. `total` counts what the device holds (the server's total is not known offline).
 */
export async function readPageCopy<T>(
  table: Table,
  owner: string,
  page: number,
  limit: number,
  keep: (item: T) => boolean = () => true,
): Promise<PageCopy<T> | null> {
  const rows = await table.where('owner').equals(owner).toArray();
  if (rows.length === 0) return null;
  const kept = rows.sort((a, b) => (a.pos ?? 0) - (b.pos ?? 0)).filter((r) => keep(r.data as T));
  const shown = kept.slice((page - 1) * limit, page * limit);
  const savedAt = Math.min(...(shown.length ? shown : rows).map((r) => r.savedAt));
  return { items: shown.map((r) => r.data as T), page, limit, total: kept.length, pages: Math.ceil(kept.length / limit), savedAt };
}

/** Every saved item of `owner`, in the server's order (for counts shown offline). */
export async function readAllCopy<T>(table: Table, owner: string): Promise<T[]> {
  const rows = await table.where('owner').equals(owner).toArray();
  return rows.sort((a, b) => (a.pos ?? 0) - (b.pos ?? 0)).map((r) => r.data as T);
}
