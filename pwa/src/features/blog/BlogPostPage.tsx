// One post on its own page, /blog/{slug}: what people share and search engines index. Title, date,
// picture and the full text; readable offline once seen (the service worker keeps the page's answer).
// "Back to blog" steps back in history when the visitor came from the list, so the list comes back
// at the same page and scroll position; from a shared link it opens the list.
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { MSG } from '@shared/messages';
import { RetryNotice } from '@/components/RetryNotice';
import { Spinner } from '@/components/Spinner';
import { usePageTitle } from '@/components/usePageTitle';
import { ApiError, errorMessage, NetworkError } from '@/lib/api';
import { useBlogPostBySlug } from './api';
import { readingMinutes } from '@shared/blog-text';
import { blogImageUrl, formatDate } from './blogText';
import { PostBody } from './PostBody';
import { SocialLinks } from './SocialLinks';
import './blog.css';

/** Set by the list's links: Back to blog can then return to the list as it was left. */
export interface FromBlogList {
  fromBlogList?: boolean;
}

function BackToBlog() {
  const navigate = useNavigate();
  const state = useLocation().state as FromBlogList | null;
  const back = (e: MouseEvent) => {
    if (!state?.fromBlogList) return;
    e.preventDefault();
    navigate(-1);
  };
  return (
    <Link to="/blog" className="blog-post__back" onClick={back}>
      <span aria-hidden="true">←</span>Back to blog
    </Link>
  );
}

/**
 * On a first visit the post arrives before the service worker takes control, so the worker never saw
 * it: once it takes control, ask again (through it) for the post and its picture, so the page reads
 * offline after this one visit.
 */
function useKeepForOffline(refetch: () => unknown, imagePath: string | undefined) {
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  // Whether this page started without a worker: only then was anything fetched past it.
  const [uncontrolled] = useState(() => Boolean(sw && !sw.controller));
  const [controlled, setControlled] = useState(false);
  useEffect(() => {
    if (!sw || !uncontrolled) return;
    const taken = () => {
      setControlled(true);
      void refetch();
    };
    sw.addEventListener('controllerchange', taken);
    return () => sw.removeEventListener('controllerchange', taken);
  }, [sw, uncontrolled, refetch]);
  useEffect(() => {
    if (controlled && imagePath) void fetch(blogImageUrl(imagePath)).catch(() => undefined);
  }, [controlled, imagePath]);
}

export default function BlogPostPage({ notFound }: { notFound?: ReactNode; }) {
  const slug = useParams().slug ?? '';
  const query = useBlogPostBySlug(slug);
  useKeepForOffline(query.refetch, query.data?.image_path);
  // No post has this address: the app's not-found page (the server answered this page with 404 too).
  if (query.error instanceof ApiError && query.error.status === 404) return <>{notFound}</>;
  return <PostView query={query} />;
}

function PostView({ query }: { query: ReturnType<typeof useBlogPostBySlug>; }) {
  const { data, listed, isPending, isError, error, fetchStatus, refetch, isFetching } = query;
  const head = data ?? listed;
  usePageTitle(head?.title ?? 'Blog');

  let body: ReactNode;
  if (data) {
    body = <PostBody className="article__content prose" content={data.content} />;
  } else if ((isPending && fetchStatus === 'paused') || error instanceof NetworkError) {
    // Offline, and this post was never read on this device.
    body = (
      <div className="notice notice--info" role="status">
        {MSG.needsServer}
      </div>
    );
  } else if (isError) {
    body = <RetryNotice message={errorMessage(error, MSG.fetchBlogFailed)} onRetry={() => void refetch()} busy={isFetching} />;
  } else {
    body = <Spinner label="Loading the article" />;
  }

  return (
    <article className="blog-post">
      <header className="page-band blog-band">
        <div className="container">
          <BackToBlog />
          <h1 className="blog-post__title">{head?.title ?? '\u00a0'}</h1>
          {head && (
            <p className="blog-card__meta blog-post__meta">
              <time dateTime={head.created_at}>{formatDate(head.created_at)}</time>
              {' · '}
              {data ? readingMinutes(data.content) : listed?.reading_minutes} min read
            </p>
          )}
        </div>
      </header>
      <div className="container section blog-post__body">
        {head?.image_path && (
          <div className="article__frame blog-post__frame">
            <img className="article__image" src={blogImageUrl(head.image_path)} alt="" width={960} height={540} decoding="async" />
          </div>
        )}
        {body}
        {data && <SocialLinks post={data} />}
        <p className="blog-post__end">
          <BackToBlog />
        </p>
      </div>
    </article>
  );
}
