// A new company's first steps, on the office home until all are done: its details, a first cleaner,
// mail that really leaves (not the file outbox), and the link to its reviews.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { companyKey, fetchCompany } from '../settings/api';

const reviewsSet = Boolean(import.meta.env.VITE_REVIEWS_URL);

export function Checklist() {
  const q = useQuery({ queryKey: companyKey, queryFn: fetchCompany, staleTime: 60_000 });
  if (!q.data) return null;
  const { setup } = q.data;
  const items = [
    { done: setup.details, text: 'Enter your company’s details', to: '/office/settings', how: 'name, phone, address, figures' },
    { done: setup.cleanerInvited, text: 'Invite your first cleaner', to: '/office/team', how: 'they get an e-mail to choose a password' },
    {
      done: setup.smtp,
      text: 'Send e-mail for real',
      how: 'SMTP_URL is not set: every e-mail (codes, bookings, invitations) is only written to the outbox folder (DATA_DIR/outbox) and nobody receives it. Set SMTP_URL and restart.',
    },
    { done: setup.officeEmail, text: 'Say where the office’s mail goes', how: 'set OFFICE_EMAIL: contact, enquiry and job-application notifications go there (now: the MAIL_FROM address)' },
    { done: reviewsSet, text: 'Link your reviews', how: 'set VITE_REVIEWS_URL to your page on Google or Trustpilot and rebuild; the home page links to it' },
  ];
  if (items.every((i) => i.done)) return null;
  return (
    <section className="card ofc-section ofc-checklist" aria-labelledby="checklist-title">
      <h2 id="checklist-title">Getting started</h2>
      <ul>
        {items.map((i) => (
          <li key={i.text} className={i.done ? 'ofc-checklist__done' : undefined}>
            <span aria-hidden="true">{i.done ? '✓' : '○'}</span>{' '}
            {i.to && !i.done ? <Link to={i.to}>{i.text}</Link> : <strong>{i.text}</strong>}
            <span className="visually-hidden">{i.done ? ' (done)' : ' (to do)'}</span>
            {!i.done && <small className="ofc-muted"> — {i.how}</small>}
          </li>
        ))}
      </ul>
    </section>
  );
}
