// Once the company's data passes what the embedded database is measured to serve, /api/health says so
// (size_warning) and the office home shows it, once: each staff member dismisses it for good on their
// device (lib/session.ts). It links to the guide's "Choosing the database" (the office's /office/database).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { DATABASE_MSG } from '@shared/messages-database';
import { sizeNoticeDismissal } from '@/lib/session';
import { fetchStaffProfile } from '@/lib/staff/api';
import { officeKeys } from '../api';
import { useHealth } from './health';

export function SizeNotice() {
  const me = useQuery({ queryKey: officeKeys.me, queryFn: fetchStaffProfile, staleTime: 60_000 });
  const health = useHealth();
  const staffId = me.data?.id;
  const [dismissed, setDismissed] = useState(false);
  const warning = health.data?.size_warning;
  if (!warning || !staffId || dismissed || sizeNoticeDismissal.isDismissed(staffId)) return null;
  return (
    <section className="card ofc-size-notice" aria-labelledby="size-notice-title">
      <h2 id="size-notice-title">{DATABASE_MSG.noticeTitle}</h2>
      <p>{DATABASE_MSG.noticeBody}</p>
      <p className="ofc-muted">{warning}</p>
      <div className="ofc-size-notice__actions">
        <Link className="btn btn--primary btn--small" to="/office/database">
          {DATABASE_MSG.noticeLink}
        </Link>
        <button
          type="button"
          className="btn btn--ghost btn--small"
          aria-label={DATABASE_MSG.dismissLabel}
          onClick={() => {
            sizeNoticeDismissal.dismiss(staffId);
            setDismissed(true);
          }}
        >
          {DATABASE_MSG.dismiss}
        </button>
      </div>
    </section>
  );
}
