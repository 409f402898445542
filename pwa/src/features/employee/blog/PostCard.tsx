import type { EmployeeBlogListItem } from '@shared/schemas/blog';
import { shortDate } from '../format';
import { excerpt } from './listing';
import { PostImage } from './PostImage';

interface Props {
  post: EmployeeBlogListItem;
  onView: (p: EmployeeBlogListItem) => void;
  onEdit: (p: EmployeeBlogListItem) => void;
  onDelete: (p: EmployeeBlogListItem) => void;
}

export function PostCard({ post, onView, onEdit, onDelete }: Props) {
  return (
    <article className="card emp-post">
      {post.image_path && <PostImage post={post} className="emp-post__img" />}
      <div className="emp-post__body">
        <h2 className="emp-post__title">{post.title}</h2>
        <p className="muted emp-post__date">{shortDate(post.created_at)}</p>
        <p className="emp-post__excerpt">{excerpt(post.excerpt)}</p>
        <div className="emp-post__actions">
          <button type="button" className="btn btn--small btn--ghost" onClick={() => onView(post)} aria-label={`View ${post.title}`}>
            View
          </button>
          {/* Only its author, or the office, may change a post: the server says which (and refuses the rest). */}
          {post.can_edit && (
            <>
              <button type="button" className="btn btn--small btn--secondary" onClick={() => onEdit(post)} aria-label={`Edit ${post.title}`}>
                Edit
              </button>
              <button type="button" className="btn btn--small btn--danger" onClick={() => onDelete(post)} aria-label={`Delete ${post.title}`}>
                Delete
              </button>
            </>
          )}
        </div>
      </div>
    </article>
  );
}
