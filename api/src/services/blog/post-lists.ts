// Post lists: one paged query both lists run, and the public pages, whose concurrent requests share
// one query and whose first page is reused for a while (a write here is seen at once).
import { BLOG_PAGE_SIZE } from '@shared/constants';
import type { BlogListItem } from '@shared/schemas/blog';
import { pageInfo, skipOf, type PageInfo } from '@shared/schemas/paging';
import { blogListItem } from './post-view';
import { BlogPost, type BlogPostDoc } from '../../models/BlogPost';

/** What a list needs of a post: everything but the author and the stored image type. */
const LIST_FIELDS = { author: 0, image_type: 0, title_key: 0 } as const;
export const NEWEST: Record<string, 1 | -1> = { created_at: -1, _id: -1 };

/** One page of a post list (its stored rows) and its paging fields. */
export async function queryRows(
  filter: Record<string, unknown>,
  sort: Record<string, 1 | -1>,
  page: number,
  limit: number,
  fields: Record<string, 0> = LIST_FIELDS,
): Promise<{ rows: BlogPostDoc[]; info: PageInfo; }> {
  const [rows, total] = await Promise.all([
    BlogPost.find(filter, fields).sort(sort).skip(skipOf({ page, limit })).limit(limit).lean<BlogPostDoc[]>(),
    BlogPost.countDocuments(filter),
  ]);
  return { rows, info: pageInfo(page, limit, total) };
}

async function queryPage(
  filter: Record<string, unknown>,
  sort: Record<string, 1 | -1>,
  page: number,
  limit: number,
): Promise<{ posts: BlogListItem[]; info: PageInfo; }> {
  const { rows, info } = await queryRows(filter, sort, page, limit);
  return { posts: rows.map(blogListItem), info };
}

/** One answer of a public page query, and when that query started (its age is counted from then). */
export interface PostList {
  readonly posts: readonly BlogListItem[];
  readonly info: PageInfo;
  readonly startedAt: number;
}

/** Bumped by every write on this instance: no list from an older generation is shared after it. */
let generation = 0;
/** Public page queries now running, by page and limit, shared by every request that arrives while one runs. */
const inFlight = new Map<string, { list: Promise<PostList>; generation: number; }>();
/** The newest settled answer of the first page at the default size, which nearly every visitor asks for. */
let latest: { list: PostList; generation: number; } | undefined;
const FIRST_PAGE = `1:${BLOG_PAGE_SIZE}`;

function queryList(page: number, limit: number): Promise<PostList> {
  const key = `${page}:${limit}`;
  const running = inFlight.get(key);
  if (running && running.generation === generation) return running.list;
  const gen = generation;
  // How old a cached answer is, on the process's monotonic timer: a freshness window, not a "now" any rule reads.
  const startedAt = performance.now();
  const list = queryPage({}, NEWEST, page, limit).then(({ posts, info }) => ({ posts, info, startedAt }));
  const entry = { list, generation: gen };
  inFlight.set(key, entry);
  list.then(
    (l) => {
      if (key === FIRST_PAGE && gen === generation && (!latest || latest.list.startedAt <= startedAt)) latest = { list: l, generation: gen };
    },
    () => undefined,
  );
  // Nothing stays in the map once its query settles: it holds only the queries running right now.
  const clear = () => {
    if (inFlight.get(key) === entry) inFlight.delete(key);
  };
  list.then(clear, clear);
  return list;
}

/**
 * A public page, newest first, no older than `maxAgeMs` (counted from when its query started).
 * Every visitor gets the same public answer, so concurrent requests for a page share one query, and
 * the first page (what /blog shows) is reused for `maxAgeMs`; a write on this instance is visible at
 * once, on another instance within `maxAgeMs`. 0 means: always a query started at or after this call,
 * or one already running.
 */
export function publicPostPage(page: number, limit: number, maxAgeMs: number): Promise<PostList> {
  if (page === 1 && limit === BLOG_PAGE_SIZE && latest && latest.generation === generation && performance.now() - latest.list.startedAt < maxAgeMs) {
    return Promise.resolve(latest.list);
  }
  return queryList(page, limit);
}

/** After a write here, the next list must not reuse or join a query that started before it (read your writes). */
export function listChanged(): void {
  generation++;
  latest = undefined;
  inFlight.clear();
}
