// The mark on a screen showing the answer this device kept from a previous visit: how old it is, until
// the fresh answer replaces it (then the mark goes). An answer asked for during this visit is never marked.
import { useEffect, useState } from 'react';
import { RESTORED_MSG } from '@shared/messages-restored';
import { isRestoredAnswer } from '@/lib/query-persist';
import './updated-ago.css';

const TICK_MS = 30_000;

/** `query` is the screen's TanStack query (its dataUpdatedAt and whether a fetch is under way). */
export function UpdatedAgo({ query }: { query: { dataUpdatedAt: number; isFetching: boolean; }; }) {
  const [now, setNow] = useState(() => Date.now());
  const restored = isRestoredAnswer(query.dataUpdatedAt);
  useEffect(() => {
    if (!restored) return undefined;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(id);
  }, [restored]);
  if (!restored) return null;
  const minutes = Math.max(0, Math.floor((now - query.dataUpdatedAt) / 60_000));
  return (
    <p className="notice notice--info updated-ago" role="status" data-updating={query.isFetching || undefined}>
      {RESTORED_MSG.updatedAgo(minutes)}
    </p>
  );
}
