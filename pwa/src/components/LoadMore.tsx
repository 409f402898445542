// The end of a paged list: how much of it is shown, and a button for the next page while there is one.
// Offline, a page this device has not saved cannot come: the button waits and says why.
import { MSG } from '@shared/messages';

interface Props {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  /** The next page is needed but the network is down. */
  offline?: boolean;
  onMore: () => void;
  /** What the list holds, plural ('bookings', 'posts'). */
  noun: string;
}

export function LoadMore({ shown, total, hasMore, loading, offline = false, onMore, noun }: Props) {
  if (total === 0) return null;
  return (
    <div className="load-more">
      <p className="muted load-more__count" aria-live="polite">
        Showing {Math.min(shown, total)} of {total} {noun}
      </p>
      {hasMore && (
        <button
          type="button"
          className="btn btn--ghost"
          onClick={onMore}
          disabled={loading || offline}
          aria-describedby={offline ? 'load-more-offline' : undefined}
        >
          {loading ? 'Loading…' : 'Load more'}
        </button>
      )}
      {hasMore && offline && (
        <p id="load-more-offline" className="muted load-more__offline">
          {MSG.needsServer}
        </p>
      )}
    </div>
  );
}
