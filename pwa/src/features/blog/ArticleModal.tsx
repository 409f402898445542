// The full article in a modal for reading without leaving the list (the card's title links to the
// post's own page), with its social links. The list item gives the title, date, picture and reading
// time at once; the text comes with the post itself (ArticleText.tsx, loaded with TanStack Query when a
// post is first opened).
import { lazy, Suspense, useEffect } from 'react';
import type { BlogListItem } from '@shared/schemas/blog';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import { withQueries } from '@/lib/withQueries';
import { blogImageUrl, formatDate } from './blogText';
import { SocialLinks } from './SocialLinks';

const ArticleText = lazy(withQueries(() => import('./ArticleText')));

/** The text is asked for the moment a post opens, not once the code that shows it has loaded. */
function prefetchText(id: string) {
  Promise.all([import('./api'), import('@/lib/queryClient')]).then(([blog, { queryClient }]) => blog.prefetchBlogPost(queryClient, id), () => undefined);
}

export function ArticleModal({ post, onClose }: { post: BlogListItem | null; onClose: () => void; }) {
  const id = post?.id;
  useEffect(() => {
    if (id) prefetchText(id);
  }, [id]);
  return (
    <Modal open={Boolean(post)} title={post?.title ?? ''} onClose={onClose} className="modal--wide">
      {post && (
        <article className="article">
          <p className="blog-card__meta">
            <time dateTime={post.created_at}>{formatDate(post.created_at)}</time> · {post.reading_minutes} min read
          </p>
          {post.image_path && (
            <div className="article__frame">
              <img className="article__image" src={blogImageUrl(post.image_path)} alt="" width={760} height={428} />
            </div>
          )}
          <Suspense fallback={<Spinner label="Loading the article" />}>
            <ArticleText id={post.id} />
          </Suspense>
          <SocialLinks post={post} />
        </article>
      )}
    </Modal>
  );
}
