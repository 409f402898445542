// The list part of the blog page as it looks, whoever supplies the posts: the page itself from the first
// page in its HTML, or TanStack Query (BlogQuery.tsx) once the visitor pages on.
import type { ReactNode } from 'react';
import { VIEW_MODES } from '@shared/constants';
import type { BlogListItem } from '@shared/schemas/blog';
import { Spinner } from '@/components/Spinner';
import type { Page } from '@/lib/paging';
import { BlogCard } from './BlogCard';
import { Pagination } from './Pagination';

export type View = (typeof VIEW_MODES)[number];
const VIEW_LABEL: Record<View, string> = { grid: 'Grid', list: 'List' };

/** What the list shows: a page of posts, or what stands instead of one (loading, offline, an error). */
export interface ListState {
  data?: Page<BlogListItem>;
  /** Shown instead of the list. */
  instead?: ReactNode;
  /** Shown above the list (the previous page stays while the next cannot come). */
  above?: ReactNode;
  /** The posts shown are the previous page's, while the asked one loads. */
  stale?: boolean;
}

/** Before any page is known (and in the pre-rendered HTML). */
export const LOADING: ListState = { instead: <Spinner label="Loading posts" /> };

interface Props {
  state: ListState;
  page: number;
  view: View;
  onView: (view: View) => void;
  onPage: (page: number) => void;
  onOpen: (post: BlogListItem) => void;
}

export function BlogList({ state: { data, instead, above, stale = false }, page, view, onView, onPage, onOpen }: Props) {
  const items = data?.items ?? [];
  return (
    <>
      <div className="blog-toolbar">
        <p className="muted blog-toolbar__count" aria-live="polite">
          {data ? `${data.total} ${data.total === 1 ? 'post' : 'posts'}` : ''}
        </p>
        <div className="view-toggle" role="group" aria-label="Layout">
          {VIEW_MODES.map((v) => (
            <button
              key={v}
              type="button"
              className={`btn btn--small ${view === v ? 'btn--primary' : 'btn--ghost'}`}
              aria-pressed={view === v}
              onClick={() => onView(v)}
            >
              {VIEW_LABEL[v]}
            </button>
          ))}
        </div>
      </div>

      {instead ??
        (items.length === 0 && data?.total === 0 ?
          (
            <div className="card center blog-empty">
              <h2>No posts yet</h2>
              <p className="muted">Our team is writing the first articles. Check back soon.</p>
            </div>
          ) :
          (
            <>
              {above}
              <ul className={`blog-list blog-list--${view}`} aria-busy={stale}>
                {items.map((post) => (
                  <li key={post.id}>
                    <BlogCard post={post} onOpen={onOpen} />
                  </li>
                ))}
              </ul>
              <Pagination page={page} pageCount={data?.pages ?? 1} onPage={onPage} />
            </>
          ))}
    </>
  );
}
