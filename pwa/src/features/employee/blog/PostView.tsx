import type { BlogListItem } from '@shared/schemas/blog';
import { MSG } from '@shared/messages';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { shortDate } from '../format';
import { LoadFailed } from '../components/ListStates';
import { useBlogPost } from './hooks';
import { PostImage } from './PostImage';

const LINKS = [
  ['facebook_link', 'Facebook'],
  ['instagram_link', 'Instagram'],
  ['twitter_link', 'Twitter'],
  ['youtube_link', 'YouTube'],
] as const;

/** The text of the post, which the list does not carry. */
function PostText({ id }: { id: string; }) {
  const full = useBlogPost(id);
  if (full.isPending) return <Spinner label="Loading the post" />;
  if (full.isError) return <LoadFailed message={errorMessage(full.error, MSG.fetchBlogFailed)} onRetry={() => void full.refetch()} />;
  return <div className="emp-post-view__content">{full.data.content}</div>;
}

/** The whole post as readers will see it, with its social links. */
export function PostView({ post }: { post: BlogListItem; }) {
  const links = LINKS.filter(([key]) => post[key]);
  return (
    <article className="emp-post-view">
      <PostImage post={post} className="emp-post-view__img" />
      <p className="muted">
        Published {shortDate(post.created_at)}
        {post.updated_at && post.updated_at !== post.created_at ? ` · Updated ${shortDate(post.updated_at)}` : ''}
      </p>
      <PostText id={post.id} />
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
