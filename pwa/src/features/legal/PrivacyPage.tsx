// Privacy policy: short and specific to what this product stores (UK GDPR).
import { Link } from 'react-router-dom';
import { usePageTitle } from '@/components/usePageTitle';
import { useCompany } from '@/lib/company';

const UPDATED = '22 November 2026';

export default function PrivacyPage() {
  const co = useCompany();
  usePageTitle('Privacy Policy');
  return (
    <article className="container section prose">
      <h1>Privacy Policy</h1>
      <p className="muted">Last updated {UPDATED}</p>
      <p>
        {co.name} (“we”) is the controller of the personal data described here, under the UK General Data Protection Regulation
        (UK GDPR) and the Data Protection Act 2018. Contact us about your data at <a href={`mailto:${co.email}`}>{co.email}</a>,{' '}
        {co.phone}, or by post at {co.address}.
      </p>

      <h2>What we keep and why</h2>
      <ul>
        <li>
          <strong>Your account</strong> — name, e-mail, password (stored only as a one-way hash), phone, address and, if you use Google sign-in,
          your Google name and picture. Lawful basis: contract, so we can run your bookings.
        </li>
        <li>
          <strong>Bookings</strong> — property details, preferred days, postcode and the cleaner who accepted them; the price quoted (with the
          version of our price list it came from), the price agreed per visit, whether you asked us to start within the 14-day cancellation
          period, and any cancellation and what it cost. Lawful basis: contract, and our legal duty to keep records of what we sold.
        </li>
        <li>
          <strong>Contact messages and enquiries</strong> — what you send us, to reply and quote. Lawful basis: legitimate interests, and your
          consent on the enquiry form.
        </li>
        <li>
          <strong>Job applications</strong> — your details, message and CV, to assess your application. Lawful basis: steps before a contract.
        </li>
        <li>
          <strong>Technical data</strong> — IP addresses in short-lived security logs and rate limits, to keep the service safe. Lawful basis:
          legitimate interests.
        </li>
      </ul>

      <h2>How long we keep it</h2>
      <ul>
        <li>Accounts: while your account is open, and deleted within 30 days of a request to close it.</li>
        <li>Bookings and invoices: 6 years, as UK tax law requires.</li>
        <li>Contact messages and enquiries: 2 years from our last reply.</li>
        <li>Job applications and CVs: 6 months after the role is filled, unless you join us.</li>
        <li>Security logs: 30 days.</li>
      </ul>

      <h2>Who we share it with</h2>
      <p>
        Only the cleaner assigned to your booking, and the processors that run our service (hosting and e-mail delivery) under written
        contracts. We never sell your data and we do not use advertising trackers.
      </p>

      <h2>On your device</h2>
      <p>
        The app keeps your sign-in token, a copy of your bookings and any form waiting to be sent in your browser’s storage so it works offline.
        Signing out removes your token and your saved bookings. We set no advertising or analytics cookies. The map and the story video load from
        Google and YouTube (privacy-enhanced mode) only when shown.
      </p>

      <h2>Your rights</h2>
      <p>
        You can ask to see, correct, delete or receive a copy of your data, object to or restrict how we use it, and withdraw consent at any time.
        We answer within one month. If you are unhappy with our answer you can complain to the Information Commissioner’s Office (ico.org.uk,
        0303 123 1113).
      </p>
      <p>
        See also our <Link to="/terms">Terms of Service</Link>.
      </p>
    </article>
  );
}
