// Blog: grid or list, cards, pages of 6 asked of the server one at a time (the page number
// is in the URL, so Back and shared links work), the article in a modal with its social links.
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGE_MAX, VIEW_MODES } from '@shared/constants';
import { MSG } from '@shared/messages';
import type { BlogListItem } from '@shared/schemas/blog';
import { RetryNotice } from '@/components/RetryNotice';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { useBlogPage } from './api';
import { ArticleModal } from './ArticleModal';
import { BlogCard } from './BlogCard';
import { Pagination } from './Pagination';
import './blog.css';
import { usePageTitle } from '@/components/usePageTitle';

type View = (typeof VIEW_MODES)[number];
const VIEW_LABEL: Record<View, string> = { grid: 'Grid', list: 'List' };

/** The `?page=` of the address: a whole number from 1, else page 1. */
function pageParam(text: string | null): number {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= PAGE_MAX ? n : 1;
}

export default function BlogPage() {
  usePageTitle('Blog');
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const { data, isPending, isError, error, refetch, isFetching, fetchStatus, isPlaceholderData } = useBlogPage(page);
  const [view, setView] = useState<View>('grid');
  const [open, setOpen] = useState<BlogListItem | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const goTo = (p: number) => {
    setParams(p > 1 ? { page: String(p) } : {});
    listRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };
  // While the next page loads, the previous one stays on screen (no jump); offline, a page never
  // saved on this device cannot come, and the notice says so above the page still shown.
  const waitingForNetwork = isPlaceholderData && fetchStatus === 'paused';
  const items = data?.items ?? [];

  return (
    <>
      <section className="page-band blog-band">
        <div className="container">
          <h1>Cleaning tips and news</h1>
          <p className="page-band__lead">Advice from our cleaners, seasonal checklists and what is new at SparkleClean.</p>
        </div>
      </section>
      <section className="container section" ref={listRef}>
        <div className="blog-toolbar">
          <p className="muted blog-toolbar__count" aria-live="polite">
            {data ? `${data.total} ${data.total === 1 ? 'post' : 'posts'}` : ''}
          </p>
          <div className="view-toggle" role="group" aria-label="Layout">
            {VIEW_MODES.map((v) => (
              <button key={v} type="button" className={`btn btn--small ${view === v ? 'btn--primary' : 'btn--ghost'}`} aria-pressed={view === v} onClick={() => setView(v)}>
                {VIEW_LABEL[v]}
              </button>
            ))}
          </div>
        </div>

        {isPending && fetchStatus === 'paused' ? (
          // Offline with no saved copy: retries wait for the network; say so instead of spinning.
          <div className="notice notice--info" role="status">
            {MSG.needsServer}
          </div>
        ) : isPending ? (
          <Spinner label="Loading posts" />
        ) : isError ? (
          <RetryNotice message={errorMessage(error, MSG.fetchBlogFailed)} onRetry={() => void refetch()} busy={isFetching} />
        ) : items.length === 0 && data?.total === 0 ? (
          <div className="card center blog-empty">
            <h2>No posts yet</h2>
            <p className="muted">Our team is writing the first articles. Check back soon.</p>
          </div>
        ) : (
          <>
            {waitingForNetwork && (
              <div className="notice notice--info" role="status">
                {MSG.needsServer}
              </div>
            )}
            <ul className={`blog-list blog-list--${view}`} aria-busy={isPlaceholderData}>
              {items.map((post) => (
                <li key={post.id}>
                  <BlogCard post={post} onOpen={setOpen} />
                </li>
              ))}
            </ul>
            <Pagination page={page} pageCount={data?.pages ?? 1} onPage={goTo} />
          </>
        )}
      </section>
      <ArticleModal post={open} onClose={() => setOpen(null)} />
    </>
  );
}
