// The full article in a modal, with the post's social links (only those it has).
import type { BlogPost } from '../../../../shared/schemas/blog';
import { Modal } from '../../components/Modal';
import { blogImageUrl, formatDate, paragraphs, readingMinutes } from './blogText';

const SOCIAL = [
  { key: 'facebook_link', label: 'Facebook' },
  { key: 'instagram_link', label: 'Instagram' },
  { key: 'twitter_link', label: 'Twitter' },
  { key: 'youtube_link', label: 'YouTube' },
] as const;

export function ArticleModal({ post, onClose }: { post: BlogPost | null; onClose: () => void }) {
  const links = post ? SOCIAL.filter((s) => post[s.key]) : [];
  return (
    <Modal open={Boolean(post)} title={post?.title ?? ''} onClose={onClose} className="modal--wide">
      {post && (
        <article className="article">
          <p className="blog-card__meta">
            <time dateTime={post.created_at}>{formatDate(post.created_at)}</time> · {readingMinutes(post.content)} min read
          </p>
          {post.image_path && <img className="article__image" src={blogImageUrl(post.image_path)} alt="" width={760} height={428} />}
          <div className="article__content">
            {paragraphs(post.content).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
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
