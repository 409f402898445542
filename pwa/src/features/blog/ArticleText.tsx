// The full text of the article in the modal, fetched with the post (TanStack Query): loaded when a
// post is first opened, not with the list.
import { MSG } from '@shared/messages';
import { Spinner } from '@/components/Spinner';
import { errorMessage, NetworkError } from '@/lib/api';
import { useBlogPost } from './api';
import { PostBody } from './PostBody';

export default function ArticleText({ id }: { id: string; }) {
  const full = useBlogPost(id);
  if (full.isPending) {
    return full.fetchStatus === 'paused'
      ? <p className="notice notice--info" role="status">{MSG.needsServer}</p>
      : <Spinner label="Loading the article" />;
  }
  if (full.isError) {
    return (
      <p className="notice notice--error" role="alert">
        {full.error instanceof NetworkError ? MSG.needsServer : errorMessage(full.error, MSG.fetchBlogFailed)}
      </p>
    );
  }
  return <PostBody className="article__content" content={full.data.content} />;
}
