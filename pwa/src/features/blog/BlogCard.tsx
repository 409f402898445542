import { Link } from 'react-router-dom';
import type { BlogListItem } from '@shared/schemas/blog';
import { blogPostPath } from './paths';
import { blogImageUrl, formatDate } from './blogText';
import type { FromBlogList } from './BlogPostPage';

interface Props {
  post: BlogListItem;
  onOpen: (post: BlogListItem) => void;
}

const FROM_LIST: FromBlogList = { fromBlogList: true };

/**
 * One post in the grid or list: image (cropped to the card's frame), title linking to the post's own
 * page, date, reading time, 150-character excerpt (both from the server), Read more for the modal.
 */
export function BlogCard({ post, onOpen }: Props) {
  return (
    <article className="card blog-card">
      <div className="blog-card__media">
        {post.image_path ?
          (
            // Width and height reserve the box before the image arrives (no layout shift).
            <img src={blogImageUrl(post.image_path)} alt="" width={640} height={360} loading="lazy" decoding="async" />
          ) :
          (
            <div className="blog-card__placeholder" aria-hidden="true">
              ✦
            </div>
          )}
      </div>
      <div className="blog-card__body">
        <h2 className="blog-card__title">
          <Link to={blogPostPath(post.slug)} state={FROM_LIST}>
            {post.title}
          </Link>
        </h2>
        <p className="blog-card__meta">
          <time dateTime={post.created_at}>{formatDate(post.created_at)}</time> · {post.reading_minutes} min read
        </p>
        <p className="blog-card__excerpt">{post.excerpt}</p>
        <button type="button" className="btn btn--secondary btn--small blog-card__more" onClick={() => onOpen(post)}>
          Read more<span className="visually-hidden">: {post.title}</span>
        </button>
      </div>
    </article>
  );
}
