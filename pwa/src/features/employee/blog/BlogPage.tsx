// Blog management: search, sort, grid/list, refresh, create, edit, view, delete. Search and
// sort run on the server, which answers a page at a time (Load more for the next).
import { usePageTitle } from '@/components/usePageTitle';
import { useDeferredValue, useState } from 'react';
import { Modal } from '@/components/Modal';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { BLOG_SORTS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { STAFF_MSG } from '@shared/messages-staff';
import type { EmployeeBlogListItem } from '@shared/schemas/blog';
import { LoadMore } from '@/components/LoadMore';
import { usePrefs } from '../settings/preferences';
import { useBlogPost, useBlogPosts, useDeletePost, useSavePost } from './hooks';
import { SORT_LABELS, type BlogSort } from './listing';
import { PostCard } from './PostCard';
import { PostForm } from './PostForm';
import { PostView } from './PostView';
import './blog.css';
import { EmptyList, LoadFailed } from '../components/ListStates';

type Editing = { post: EmployeeBlogListItem | null; } | null;

/** The form, for a new post at once, for an existing one once its full text has loaded. */
function Editor({ id, ...props }: { id?: string; } & Omit<Parameters<typeof PostForm>[0], 'post'>) {
  const full = useBlogPost(id);
  if (!id) return <PostForm key="new" post={null} {...props} />;
  if (full.isPending) return <Spinner label="Loading the post" />;
  if (full.isError) return <LoadFailed message={errorMessage(full.error, MSG.fetchBlogFailed)} onRetry={() => void full.refetch()} />;
  return <PostForm key={id} post={full.data} {...props} />;
}

export default function BlogPage() {
  usePageTitle('Staff blog');
  const [prefs] = usePrefs();
  const [search, setSearch] = useState('');
  // Typing stays smooth: the list asks the server for the deferred text, not on every key at once.
  const searched = useDeferredValue(search.trim());
  const [sort, setSort] = useState<BlogSort>('newest');
  const posts = useBlogPosts(searched, sort);
  const [view, setView] = useState<'grid' | 'list'>(prefs.defaultBlogView);
  const [editing, setEditing] = useState<Editing>(null);
  const [viewing, setViewing] = useState<EmployeeBlogListItem | null>(null);
  const [deleting, setDeleting] = useState<EmployeeBlogListItem | null>(null);
  const save = useSavePost(() => setEditing(null));
  const remove = useDeletePost(() => setDeleting(null));
  const shown = posts.data?.pages.flatMap((p) => p.items) ?? [];
  const total = posts.data?.pages.at(-1)?.total ?? 0;

  const openEditor = (post: EmployeeBlogListItem | null) => {
    save.reset();
    setEditing({ post });
  };

  return (
    <section>
      <div className="emp-page-head">
        <h1>Blog Management</h1>
        <button type="button" className="btn btn--primary" onClick={() => openEditor(null)}>
          + New Post
        </button>
      </div>
      <div className="emp-blog-tools card">
        <div className="field">
          <label htmlFor="blog-search">Search</label>
          <input id="blog-search" type="search" placeholder="Title or content" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="blog-sort">Sort</label>
          <select id="blog-sort" value={sort} onChange={(e) => setSort(e.target.value as BlogSort)}>
            {BLOG_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="emp-blog-tools__buttons">
          <div role="group" aria-label="View" className="emp-seg">
            {(['grid', 'list'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                className={view === v ? 'emp-seg--on' : ''}
                onClick={() => setView(v)}
              >
                {v === 'grid' ? 'Grid' : 'List'}
              </button>
            ))}
          </div>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => void posts.refetch()} disabled={posts.isFetching}>
            {posts.isFetching ? 'Refreshing…' : 'Refresh'}
          </button>
        </div>
      </div>

      {posts.isPending ?
        <Spinner /> :
        posts.isError ?
        <LoadFailed message={errorMessage(posts.error, MSG.fetchBlogFailed)} onRetry={() => void posts.refetch()} /> :
        shown.length === 0 ?
        (
          <EmptyList
            title={search ? 'No posts match your search' : 'No blog posts yet'}
            hint={search ? 'Try another word.' : 'Write the first one with New Post.'}
          />
        ) :
        (
          <div className={`emp-posts emp-posts--${view}`}>
            {shown.map((p) => <PostCard key={p.id} post={p} onView={setViewing} onEdit={openEditor} onDelete={setDeleting} />)}
          </div>
        )}
      {!posts.isPending && !posts.isError && (
        <LoadMore
          shown={shown.length}
          total={total}
          hasMore={posts.hasNextPage}
          loading={posts.isFetchingNextPage}
          onMore={() => void posts.fetchNextPage()}
          noun="posts"
        />
      )}

      <Modal
        open={editing !== null}
        title={editing?.post ? 'Edit Blog Post' : 'Create Blog Post'}
        onClose={() => !save.isPending && setEditing(null)}
        className="modal--wide"
      >
        {editing && (
          <Editor
            id={editing.post?.id}
            busy={save.isPending}
            progress={save.progress}
            error={save.error}
            onSave={(form) => save.mutate({ id: editing.post?.id, form })}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <Modal open={viewing !== null} title={viewing?.title ?? 'Blog post'} onClose={() => setViewing(null)} className="modal--wide">
        {viewing && <PostView post={viewing} />}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Blog Post"
        question={STAFF_MSG.deleteBlogQuestion}
        detail={deleting?.title}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
