// Blog (spec §2): grid or list, cards, pages of 6, the article in a modal with its social links.
import { useRef, useState } from 'react';
import { VIEW_MODES } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import type { BlogPost } from '../../../../shared/schemas/blog';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/api';
import { useBlogPosts } from './api';
import { ArticleModal } from './ArticleModal';
import { BlogCard } from './BlogCard';
import { paginate } from './blogText';
import { Pagination } from './Pagination';
import './blog.css';
import { usePageTitle } from '../../components/usePageTitle';

type View = (typeof VIEW_MODES)[number];
const VIEW_LABEL: Record<View, string> = { grid: 'Grid', list: 'List' };

export default function BlogPage() {
  usePageTitle('Blog');
  const { data, isPending, isError, error, refetch, isFetching, fetchStatus } = useBlogPosts();
  const [view, setView] = useState<View>('grid');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<BlogPost | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const shown = paginate(data ?? [], page);
  const goTo = (p: number) => {
    setPage(p);
    listRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

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
            {data ? `${data.length} ${data.length === 1 ? 'post' : 'posts'}` : ''}
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
          <div className="notice notice--error" role="alert">
            <p>{errorMessage(error, MSG.fetchBlogFailed)}</p>
            <button type="button" className="btn btn--ghost btn--small" onClick={() => refetch()} disabled={isFetching}>
              Try again
            </button>
          </div>
        ) : shown.items.length === 0 ? (
          <div className="card center blog-empty">
            <h2>No posts yet</h2>
            <p className="muted">Our team is writing the first articles. Check back soon.</p>
          </div>
        ) : (
          <>
            <ul className={`blog-list blog-list--${view}`}>
              {shown.items.map((post) => (
                <li key={post.id}>
                  <BlogCard post={post} onOpen={setOpen} />
                </li>
              ))}
            </ul>
            <Pagination page={shown.page} pageCount={shown.pageCount} onPage={goTo} />
          </>
        )}
      </section>
      <ArticleModal post={open} onClose={() => setOpen(null)} />
    </>
  );
}
