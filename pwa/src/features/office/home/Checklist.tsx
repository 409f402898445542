// A new company's first steps, on the office home until all are done: its details, a first cleaner,
// mail that really leaves (not the file outbox), and the link to its reviews.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { COMPANY_MSG } from '@shared/messages-office';
import { companyKey, fetchCompany } from '../settings/api';

const reviewsSet = Boolean(import.meta.env.VITE_REVIEWS_URL);

export function Checklist() {
  const q = useQuery({ queryKey: companyKey, queryFn: fetchCompany, staleTime: 60_000 });
  if (!q.data) return null;
  const { setup } = q.data;
  const M = COMPANY_MSG;
  const items: Array<{ done: boolean; text: string; how: string; to?: string; }> = [
    { done: setup.details, text: M.checkDetails, to: '/office/settings', how: M.checkDetailsHow },
    { done: setup.cleanerInvited, text: M.checkCleaner, to: '/office/team', how: M.checkCleanerHow },
    { done: setup.smtp, text: M.checkSmtp, how: M.checkSmtpHow },
    { done: setup.officeEmail, text: M.checkOfficeEmail, how: M.checkOfficeEmailHow },
    { done: reviewsSet, text: M.checkReviews, how: M.checkReviewsHow },
  ];
  if (items.every((i) => i.done)) return null;
  return (
    <section className="card ofc-section ofc-checklist" aria-labelledby="checklist-title">
      <h2 id="checklist-title">{M.checklistTitle}</h2>
      <ul>
        {items.map((i) => (
          <li key={i.text} className={i.done ? 'ofc-checklist__done' : undefined}>
            <span aria-hidden="true">{i.done ? '✓' : '○'}</span> {i.to && !i.done ? <Link to={i.to}>{i.text}</Link> : <strong>{i.text}</strong>}
            <span className="visually-hidden">{i.done ? ' (done)' : ' (to do)'}</span>
            {!i.done && <small className="ofc-muted">— {i.how}</small>}
          </li>
        ))}
      </ul>
    </section>
  );
}
