// Small pieces the office screens share: pager, audit list, dates, notices.
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Paged } from '@shared/schemas/office';
import { OFFICE_LISTS_MSG } from '@shared/messages-office-lists';
import { errorMessage } from '@/lib/api';
import { bestDaysMoment, formatWhen } from '@shared/when';
import { formatPostcode } from '@shared/postcode';

/** An instant as people read it, in UK time: `Wed 9 Dec, 07:00` (the year only when not this one). */
export const when = (iso?: string) => (iso ? formatWhen(iso) || '—' : '—');

const STATUS_TEXT: Record<string, string> = {
  pending: 'Requested',
  accepted: 'Accepted',
  completed: 'First visit done',
  rejected: 'Cancelled by the office',
  cancelled: 'Cancelled by the customer (14 days)',
  withdrawn: 'Withdrawn',
  waiting: 'Waiting over 24 h',
};
/** A stored booking status in the office's words (the filter); a row shows its state (shared/states.ts). */
export const statusText = (status: string) => STATUS_TEXT[status] ?? status;

/** `1 message`, `2 messages`. */
export const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A stored postcode as people write it: `N17GU` → `N1 7GU`. */
export const postcodeText = (stored?: string) => formatPostcode(stored) || '—';

/** The booked time (`Wed 9 Dec, 07:00`), or the customer's own words when they named no moment. */
/** The full address of a booking: its street address and the postcode as people write it. */
export function addressText(b: { address?: string; postcode: string; }): string {
  return [b.address, postcodeText(b.postcode)].filter(Boolean).join(', ');
}

export function bookedWhen(b: { bestDays?: string; scheduledAt?: string | null; }): string {
  const moment = b.scheduledAt ? Date.parse(b.scheduledAt) : bestDaysMoment(b.bestDays ?? '');
  return moment === null || Number.isNaN(moment) ? b.bestDays || '—' : formatWhen(moment);
}

/** Previous / Next with `Page 2 of 5 · 93 in all` (without the count where the screen shows it elsewhere). */
export function Pager({ paged, onPage, showTotal = true }: { paged: Paged; onPage: (page: number) => void; showTotal?: boolean; }) {
  const pages = Math.max(1, Math.ceil(paged.total / paged.limit));
  // A capped total: more pages than it shows, so Next stays until a page comes back short.
  const more = Boolean(paged.total_capped);
  return (
    <nav className="ofc-pager" aria-label="Pages">
      <button type="button" className="btn btn--ghost" disabled={paged.page <= 1} onClick={() => onPage(paged.page - 1)}>
        Previous
      </button>
      <span>
        {OFFICE_LISTS_MSG.pageOf(paged.page, pages, more)}
        {showTotal && ` · ${OFFICE_LISTS_MSG.inAll(paged)}`}
      </span>
      <button type="button" className="btn btn--ghost" disabled={paged.page >= pages && !more} onClick={() => onPage(paged.page + 1)}>
        Next
      </button>
    </nav>
  );
}

/** Who did what to a record, in words: shown on the record itself and on the audit page. */

export function Notice({ kind, children }: { kind: 'success' | 'error' | 'info'; children: ReactNode; }) {
  return (
    <p className={`notice notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

export function ErrorNotice({ error, fallback }: { error: unknown; fallback: string; }) {
  return <Notice kind="error">{errorMessage(error, fallback)}</Notice>;
}

/** A detail screen's top: the way back to its list, then the title with its flags beside it. */
export function DetailHead({ back, backLabel, title, children }: { back: string; backLabel: string; title: ReactNode; children?: ReactNode; }) {
  return (
    <>
      <p>
        <Link to={back}>← {backLabel}</Link>
      </p>
      <div className="ofc-head">
        <h1>{title}</h1>
        {children}
      </div>
    </>
  );
}

/** An e-mail address that may wrap after its '@' and before a dot, rather than mid-word (the text stays the address). */
export function Email({ value }: { value: string; }) {
  const parts = value.split(/(?<=@)|(?=\.)/);
  return (
    <span className="ofc-email">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
