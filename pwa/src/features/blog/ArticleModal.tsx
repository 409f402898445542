// The full article in a modal, with the post's social links (only those it has). The list item gives
// the title, date, picture and reading time at once; the text comes with the post itself.
import type { BlogListItem } from '@shared/schemas/blog';
import { MSG } from '@shared/messages';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import { errorMessage, NetworkError } from '@/lib/api';
import { useBlogPost } from './api';
import { blogImageUrl, formatDate, paragraphs } from './blogText';

const SOCIAL = [
  { key: 'facebook_link', label: 'Facebook' },
  { key: 'instagram_link', label: 'Instagram' },
  { key: 'twitter_link', label: 'Twitter' },
  { key: 'youtube_link', label: 'YouTube' },
] as const;

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
  const links = post ? SOCIAL.filter((s) => post[s.key]) : [];
  return (
    <Modal open={Boolean(post)} title={post?.title ?? ''} onClose={onClose} className="modal--wide">
      {post && (
        <article className="article">
          <p className="blog-card__meta">
            <time dateTime={post.created_at}>{formatDate(post.created_at)}</time> · {post.reading_minutes} min read
          </p>
          {post.image_path && <img className="article__image" src={blogImageUrl(post.image_path)} alt="" width={760} height={428} />}
          <ArticleText id={post.id} />
          {links.length > 0 && (
            <ul className="article__social" aria-label="Follow this post">
              {links.map((s) => (
                <li key={s.key}>
                  <a href={post[s.key]} target="_blank" rel="noopener noreferrer" className="btn btn--ghost btn--small">
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </article>
      )}
    </Modal>
  );
}
