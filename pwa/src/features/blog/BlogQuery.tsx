// The blog list through TanStack Query: loaded when the page needs more than the first page its HTML
// carried (another page asked for, or no first page in the HTML). It draws nothing itself: it hands
// the page what the list shows, so the list on screen (and the button just pressed) stays the same node.
import { useEffect } from 'react';
import { MSG } from '@shared/messages';
import { RetryNotice } from '@/components/RetryNotice';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { useBlogPage } from './api';
import type { ListState } from './BlogList';
import type { FirstPage } from './firstPage';

interface Props {
  page: number;
  first?: FirstPage;
  onState: (state: ListState) => void;
}

export default function BlogQuery({ page, first, onState }: Props) {
  const { data, isPending, isError, error, refetch, isFetching, fetchStatus, isPlaceholderData } = useBlogPage(page, first);
  useEffect(() => {
    // While the next page loads, the previous one stays on screen (no jump); offline, a page never
    // saved on this device cannot come, and the notice says so above the page still shown.
    const needsServer = (
      <div className="notice notice--info" role="status">
        {MSG.needsServer}
      </div>
    );
    onState({
      data,
      stale: isPlaceholderData,
      above: isPlaceholderData && fetchStatus === 'paused' ? needsServer : undefined,
      instead:
        // Offline with no saved copy: retries wait for the network; say so instead of spinning.
        isPending && fetchStatus === 'paused' ?
          needsServer :
          isPending ?
          <Spinner label="Loading posts" /> :
          isError ?
          <RetryNotice message={errorMessage(error, MSG.fetchBlogFailed)} onRetry={() => void refetch()} busy={isFetching} /> :
          undefined,
    });
  }, [onState, data, isPending, isError, error, refetch, isFetching, fetchStatus, isPlaceholderData]);
  return null;
}
