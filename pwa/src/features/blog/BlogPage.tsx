// Blog: grid or list, cards, pages of 6 asked of the server one at a time (the page number is in the
// URL, so Back and shared links work), the article in a modal with its social links.
// A first visit to /blog gets its first page of posts inside the HTML (firstPage.ts): the page shows it
// without TanStack Query, which loads (BlogQuery.tsx) once the visitor asks for another page, or at once
// when the HTML carried no posts (the service worker's copy, a later page, a visit from another page).
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGE_MAX } from '@shared/constants';
import type { BlogListItem } from '@shared/schemas/blog';
import { usePageTitle } from '@/components/usePageTitle';
import { useHydrated } from '@/lib/useHydrated';
import { withQueries } from '@/lib/withQueries';
import { ArticleModal } from './ArticleModal';
import { BlogList, LOADING, type ListState, type View } from './BlogList';
import { injectedFirstPage } from './firstPage';
import './blog.css';
import { useCompany } from '@/lib/company';

const BlogQuery = lazy(withQueries(() => import('./BlogQuery')));

/** The `?page=` of the address: a whole number from 1, else page 1. */
function pageParam(text: string | null): number {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= PAGE_MAX ? n : 1;
}

export default function BlogPage() {
  const co = useCompany();
  usePageTitle('Blog');
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  // The pre-rendered page knows no posts: hydration draws it as it is, the posts come right after.
  const hydrating = !useHydrated();
  const [first] = useState(() => (hydrating && page === 1 ? injectedFirstPage() : undefined));
  // Once another page is asked for, TanStack Query has the list (page 1 included) from then on.
  const [paged, setPaged] = useState(!first);
  if (!paged && page !== 1) setPaged(true);
  const [queried, setQueried] = useState<ListState>();
  const [view, setView] = useState<View>('grid');
  const [open, setOpen] = useState<BlogListItem | null>(null);
  const listRef = useRef<HTMLElement>(null);
  const onState = useCallback((state: ListState) => setQueried(state), []);

  const goTo = (p: number) => {
    setParams(p > 1 ? { page: String(p) } : {});
    listRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };
  const fromHtml: ListState | undefined = first && { data: first.page };
  // Until TanStack Query answers, the first page stays on screen (as the previous page while the next loads).
  const state = hydrating ? LOADING : !paged ? fromHtml! : (queried ?? (fromHtml ? { ...fromHtml, stale: true } : LOADING));

  return (
    <>
      <section className="page-band blog-band">
        <div className="container">
          <h1>Cleaning tips and news</h1>
          <p className="page-band__lead">Advice from our cleaners, seasonal checklists and what is new at {co.name}.</p>
        </div>
      </section>
      <section className="container section" ref={listRef}>
        <BlogList state={state} page={page} view={view} onView={setView} onPage={goTo} onOpen={setOpen} />
      </section>
      {!hydrating && paged && (
        <Suspense fallback={null}>
          <BlogQuery page={page} first={first} onState={onState} />
        </Suspense>
      )}
      <ArticleModal post={open} onClose={() => setOpen(null)} />
    </>
  );
}
