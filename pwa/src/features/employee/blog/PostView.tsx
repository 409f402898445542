import type { BlogPost } from '../../../../../shared/schemas/blog';
import { shortDate } from '../format';
import { PostImage } from './PostImage';

const LINKS = [
  ['facebook_link', 'Facebook'],
  ['instagram_link', 'Instagram'],
  ['twitter_link', 'Twitter'],
  ['youtube_link', 'YouTube'],
] as const;

/** The whole post as readers will see it, with its social links. */
export function PostView({ post }: { post: BlogPost }) {
  const links = LINKS.filter(([key]) => post[key]);
  return (
    <article className="emp-post-view">
      <PostImage post={post} className="emp-post-view__img" />
      <p className="muted">
        Published {shortDate(post.created_at)}
        {post.updated_at && post.updated_at !== post.created_at ? ` · Updated ${shortDate(post.updated_at)}` : ''}
      </p>
      <div className="emp-post-view__content">{post.content}</div>
      {links.length > 0 && (
        <ul className="emp-post-view__links">
          {links.map(([key, label]) => (
            <li key={key}>
              <a href={post[key]} target="_blank" rel="noopener noreferrer">
                {label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
