// Privacy policy, written from what the product really does: what is kept, why, for how
// long (the periods are shared/retention.ts, the same numbers the server's retention job defaults to —
// tests/pwa/privacy-periods.test.tsx holds them together), who sees it, and how to export or erase it.
import { Link } from 'react-router-dom';
import { RETENTION_DEFAULTS as R } from '@shared/retention';
import { usePageTitle } from '@/components/usePageTitle';
import { useCompany } from '@/lib/company';

const UPDATED = '26 November 2026';
const years = (n: number) => `${n} years`;
const months = (n: number) => `${n} months`;

/** How long each kind is kept: the page's table, and what the privacy test reads. */
export const RETENTION_ROWS: Array<[string, string]> = [
  ['Your account', 'While it is open. Closing it removes your name, e-mail, phone, address and notes at once.'],
  [
    'Bookings, visits, charges, ratings and cleaners’ hours of a closed account',
    `${years(R.closedAccountYears)} after closing, without your name (UK tax, accounting and payroll law; a rating without its comment), then deleted`,
  ],
  ['Timesheets (hours worked, pay records)', `${years(R.timesheetYears)} after the work`],
  ['Contact messages and quote enquiries', `${months(R.messagesMonths)} after we receive them`],
  [
    'Job applications and CVs',
    `${months(R.applicationClosedMonths)} after we close the application, and at most ${months(R.applicationMonths)} after we receive it`,
  ],
  ['Staff accounts', `Deactivated when someone leaves; anonymised ${years(R.staffYears)} after that (payroll records)`],
  ['Sign-up and password codes, security counters', 'Until their own short window ends (minutes to a day)'],
  ['Copies of outgoing e-mail kept on our server', `${R.outboxDays} days`],
  ['A download link to a copy of your data', `${R.exportLinkDays} days, and it works once`],
];

export default function PrivacyPage() {
  const co = useCompany();
  usePageTitle('Privacy Policy');
  return (
    <article className="container section prose">
      <h1>Privacy Policy</h1>
      <p className="muted">Last updated {UPDATED}</p>
      <p>
        {co.name}{' '}
        (“we”) is the controller of the personal data described here, under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act
        2018. Contact us about your data at <a href={`mailto:${co.email}`}>{co.email}</a>, {co.phone}, or by post at {co.address}.
      </p>

      <h2>What we keep and why</h2>
      <ul>
        <li>
          <strong>Your account</strong>{' '}
          — name, e-mail, password (only as a one-way hash), phone and address, and with Google sign-in your Google name and picture. Basis: contract, to run
          your bookings.
        </li>
        <li>
          <strong>Bookings, plans and visits</strong>{' '}
          — your property’s details, the address and phone you gave for each booking, your preferred days and times, and which cleaner comes; the price quoted
          (with the version of our price list it came from), the price agreed per visit, whether you asked us to start within the 14-day cancellation period,
          and any cancellation and what it cost. Basis: contract, and our legal duty to keep records of what we sold.
        </li>
        <li>
          <strong>Ratings</strong>{' '}
          — the stars (1 to 5) and optional comment you give a finished clean, by the e-mailed link or in My Bookings. The office sees them with the visit; the
          cleaner sees only their average. Basis: legitimate interests, to keep our cleaning good.
        </li>
        <li>
          <strong>Cleaners’ hours</strong>{' '}
          — the hours a cleaner submits for each visit and the office’s review of them. Basis: legal obligation (payroll and minimum-wage records).
        </li>
        <li>
          <strong>Messages, enquiries and job applications</strong>{' '}
          — what you send through our forms (with a CV if you attach one), and the IP address it came from, to reply, quote or assess your application. Basis:
          legitimate interests, your consent on the enquiry form, and steps before a contract for applications.
        </li>
        <li>
          <strong>Notifications</strong>{' '}
          — your choices of e-mail and push notices per kind, and for each device that turned push on, the address its browser gave us for it. Basis: legitimate
          interests; you can turn each off at any time.
        </li>
        <li>
          <strong>Security</strong>{' '}
          — short-lived counters of sign-in attempts and requests per IP address, one-time codes (only as hashes), and our office’s audit log of changes to your
          account. Basis: legitimate interests, to keep the service safe.
        </li>
      </ul>

      <h2>How long we keep it</h2>
      <p>A job runs every night and removes — or for staff, anonymises — whatever has passed its period:</p>
      <table className="privacy-periods">
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col">How long</th>
          </tr>
        </thead>
        <tbody>
          {RETENTION_ROWS.map(([what, how]) => (
            <tr key={what}>
              <td>{what}</td>
              <td>{how}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>The office’s audit log keeps a record of each change (who, when, what); it is never edited, and holds no more than it needs.</p>

      <h2>Who sees it</h2>
      <p>
        Your cleaner sees your name, and the address, phone and times of the visits they do for you. Our office staff see what they need to run bookings, pay
        cleaners and answer you. Our hosting and e-mail providers process it for us under written contracts. We never sell your data and use no advertising
        trackers.
      </p>

      <h2>Get a copy, or close your account</h2>
      <ul>
        <li>
          <strong>Download my data</strong> — on your <Link to="/profile">profile</Link>{' '}
          (staff: their profile), one ZIP file with your account, bookings with their visits (each visit’s price and any late-change charge), the ratings you
          gave, messages you sent us, your notification choices, your devices, the audit entries about you, your own files (a CV, blog images) and a README
          saying what each file is. A very large account’s copy is e-mailed to you as a link instead.
        </li>
        <li>
          <strong>Close my account</strong>{' '}
          — on your profile, with your password (or a code we e-mail you if you sign in with Google). Your future visits are cancelled, every device is signed
          out, and your name, e-mail, phone, address, notes and rating comments are removed at once. What the law makes us keep — visits already done or
          charged, and cleaners’ hours — stays without your name for the periods above. You can sign up again with the same e-mail later.
        </li>
        <li>
          Staff accounts are closed by the office. If you wrote to us or applied for a job, e-mail us and we will send you a copy or erase it.
        </li>
      </ul>

      <h2>On your device</h2>
      <p>
        The app keeps your sign-in token, a copy of your bookings and any form waiting to be sent in your browser’s storage so it works offline. Signing out
        removes them. We set no advertising or analytics cookies. The map and the story video load from Google and YouTube (privacy-enhanced mode) only when
        shown.
      </p>

      <h2>Your rights</h2>
      <p>
        You can ask to see, correct, delete or receive a copy of your data, object to or restrict how we use it, and withdraw consent at any time. We answer
        within one month, free of charge. If you are unhappy with our answer you can complain to the Information Commissioner’s Office (ico.org.uk, 0303 123
        1113).
      </p>
      <p>
        See also our <Link to="/terms">Terms of Service</Link>.
      </p>
    </article>
  );
}
