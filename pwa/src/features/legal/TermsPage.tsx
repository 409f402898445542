// Terms of service: short, plain terms for a UK cleaning company.
import { Link } from 'react-router-dom';
import { usePageTitle } from '@/components/usePageTitle';
import { useCompany } from '@/lib/company';

const UPDATED = '22 November 2026';

export default function TermsPage() {
  const co = useCompany();
  usePageTitle('Terms of Service');
  return (
    <article className="container section prose">
      <h1>Terms of Service</h1>
      <p className="muted">Last updated {UPDATED}</p>
      <p>
        These terms apply when you use this website or book a cleaning service from {co.name}, {co.address}. They are
        governed by the law of England and Wales. Nothing in them affects your statutory rights as a consumer.
      </p>

      <h2>Bookings</h2>
      <ul>
        <li>A booking request is confirmed once a cleaner accepts it; we tell you the price before the first visit.</li>
        <li>You can change or delete a booking yourself while it is pending. After it is accepted, contact us to change it.</li>
        <li>Please give us at least 24 hours’ notice to cancel a visit. Later cancellations may be charged up to the cost of the visit.</li>
      </ul>

      <h2>Our service</h2>
      <ul>
        <li>Our cleaners are vetted, trained and insured. If something is missed, tell us within 48 hours and we will re-clean that area free.</li>
        <li>We are responsible for loss or damage we cause through negligence. We are not liable for losses we could not reasonably foresee.</li>
        <li>Please make sure we can access the property safely and tell us about anything fragile, valuable or hazardous.</li>
      </ul>

      <h2>Paying</h2>
      <p>Invoices are due within 14 days. Regular cleans are invoiced monthly in arrears.</p>

      <h2>Using this website</h2>
      <p>
        Keep your sign-in details private and give accurate information. We may suspend accounts that misuse the service. Content on this site,
        including blog posts, is ours or used with permission.
      </p>

      <h2>Contact and complaints</h2>
      <p>
        Call {co.phone} or e-mail <a href={`mailto:${co.email}`}>{co.email}</a>. We aim to resolve complaints within 14
        days. How we handle your data is explained in our <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </article>
  );
}
