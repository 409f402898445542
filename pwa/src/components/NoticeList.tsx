// Draws a page of the notices a person was sent ("What was I told?"), newest first, with Newer/Older.
// The customer's account and the cleaner's portal each fetch their own page and pass it here.
import { NOTIFY_MSG as M } from '@shared/messages-notify';
import type { NoticeDto } from '@shared/schemas/notifications';
import { formatWhen } from '@shared/when';
import './notice-list.css';

interface Props {
  notices: NoticeDto[] | undefined;
  page: number;
  pages: number;
  loading: boolean;
  failed: boolean;
  onPage: (page: number) => void;
}

export function NoticeList({ notices, page, pages, loading, failed, onPage }: Props) {
  if (failed) return <p role="alert">{M.noticesLoadFailed}</p>;
  if (loading && !notices) return <p aria-busy="true">…</p>;
  if (!notices?.length) return <p>{M.noticesEmpty}</p>;
  return (
    <>
      <ol className="notice-list">
        {notices.map((n) => (
          <li key={n.id} className="card notice-list__item">
            <h2 className="notice-list__subject">{n.subject}</h2>
            <p className="notice-list__meta">
              <time dateTime={n.sent_at}>{formatWhen(n.sent_at)}</time> · {M.noticesHow(n.email, n.pushed)}
            </p>
            <p className="notice-list__text">{n.text}</p>
          </li>
        ))}
      </ol>
      {pages > 1 && (
        <nav className="notice-list__pager" aria-label={M.noticesPage(page, pages)}>
          <button type="button" className="btn btn-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {M.noticesNewer}
          </button>
          <span>{M.noticesPage(page, pages)}</span>
          <button type="button" className="btn btn-secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {M.noticesOlder}
          </button>
        </nav>
      )}
    </>
  );
}
