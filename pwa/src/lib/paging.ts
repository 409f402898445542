// Paged list answers (every list the API returns is a page) and the URLs that ask for one.
import type { PageInfo } from '@shared/schemas/paging';

/** One page of a list: its items and the paging fields the server sent beside them. */
export type Page<T> = { items: T[]; } & PageInfo;

/**
 * `path?name=value…` with only the parameters that are set: a list's first page with the default
 * filters keeps one plain URL (and so one entry in any cache).
 */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(name, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The paging fields of an answer; missing ones are read as a single complete page. */
export function pageOf<T>(items: T[] | undefined, info: Partial<PageInfo>, page = 1): Page<T> {
  const list = items ?? [];
  const total = info.total ?? list.length;
  const limit = info.limit ?? Math.max(list.length, 1);
  return { items: list, page: info.page ?? page, limit, total, pages: info.pages ?? Math.ceil(total / limit) };
}

/** For useInfiniteQuery: the page after `last`, or undefined at the end. */
export const nextPageParam = (last: PageInfo): number | undefined => (last.page < last.pages ? last.page + 1 : undefined);
