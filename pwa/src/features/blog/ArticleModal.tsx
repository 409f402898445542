// The full article in a modal for reading without leaving the list (the card's title links to the
// post's own page), with its social links. The list item gives the title, date, picture and reading
// time at once; the text comes with the post itself.
import type { BlogListItem } from '@shared/schemas/blog';
import { MSG } from '@shared/messages';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import { errorMessage, NetworkError } from '@/lib/api';
import { useBlogPost } from './api';
import { blogImageUrl, formatDate, paragraphs } from './blogText';
import { SocialLinks } from './SocialLinks';

function ArticleText({ id }: { id: string }) {
  const full = useBlogPost(id);
  if (full.isPending) return full.fetchStatus === 'paused' ? <p className="notice notice--info" role="status">{MSG.needsServer}</p> : <Spinner label="Loading the article" />;
  if (full.isError) {
    return (
      <p className="notice notice--error" role="alert">
        {full.error instanceof NetworkError ? MSG.needsServer : errorMessage(full.error, MSG.fetchBlogFailed)}
      </p>
    );
  }
  return (
    <div className="article__content">
      {paragraphs(full.data.content).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}

export function ArticleModal({ post, onClose }: { post: BlogListItem | null; onClose: () => void }) {
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
          <ArticleText id={post.id} />
          <SocialLinks post={post} />
        </article>
      )}
    </Modal>
  );
}
