// Terms of service: short, plain terms for a UK cleaning company.
import { Link } from 'react-router-dom';
import { usePageTitle } from '@/components/usePageTitle';
import { useCompany } from '@/lib/company';

const UPDATED = '26 November 2026';
// The defaults (README: VISIT_CHANGE_CUTOFF, LATE_CHANGE_CHARGE_PERCENT; shared/pricing.ts): the booking
// form and each confirmation e-mail state the figures in force.
const PRICES = { cutoff: '18:00', percent: 50, minHours: 2 };

export default function TermsPage() {
  const co = useCompany();
  usePageTitle('Terms of Service');
  return (
    <article className="container section prose">
      <h1>Terms of Service</h1>
      <p className="muted">Last updated {UPDATED}</p>
      <p>
        These terms apply when you use this website or book a cleaning service from {co.name},{' '}
        {co.address}. They are governed by the law of England and Wales. Nothing in them affects your statutory rights as a consumer.
      </p>

      <h2>Bookings and prices</h2>
      <ul>
        <li>
          Before you book, the booking form shows our estimate: the hours (from the number of bedrooms and bathrooms, plus reception rooms, times a factor for a
          deep or move-out clean, adjusted for how often we come, at least {PRICES.minHours}{' '}
          hours) at our hourly rate, plus a supplies charge when our cleaner brings them. Your booking keeps the price it was quoted with, even if our price
          list changes later.
        </li>
        <li>
          A booking request is confirmed once a cleaner accepts it. Our office confirms the price per visit then, or tells you by e-mail if it changes; My
          Bookings shows it.
        </li>
        <li>Answers our price list does not cover (“Other”, commercial premises) are priced by our office before your first visit.</li>
        <li>You can change or delete a booking yourself while it is pending.</li>
      </ul>

      <h2>Changing or cancelling a visit</h2>
      <p>
        Skipping, moving or cancelling a visit is free until {PRICES.cutoff} the day before it. After that we charge{' '}
        {PRICES.percent}% of that visit’s price, because the cleaner has kept the time for you. The same applies to pausing or ending your cleans, or changing
        their regular time, for the visits already past that time. My Bookings shows the amount before you confirm, and nothing is charged unless you do.
      </p>
      <p>
        If our cleaner cannot get in at the booked time (nobody home, a key or code that does not work), the visit is charged in the same way; we tell you when
        it happens.
      </p>

      <h2 id="right-to-cancel">Your right to cancel within 14 days</h2>
      <p>
        A booking made online is a distance contract. You may cancel it within 14 days without giving any reason. The 14 days run from the day you book. To
        cancel, tell us clearly: e-mail{' '}
        <a href={`mailto:${co.email}`}>{co.email}</a>, use “Cancel within 14 days” on the booking in My Bookings, or send the form below. It is enough to send
        your message before the 14 days are over.
      </p>
      <p>
        If you cancel, we refund any payment you made for the cancelled contract within 14 days, by the means you paid. If you asked us to start within the 14
        days (the booking form asks you to tick “Please start within the 14-day cancellation period” when your first visit is that soon), you pay for the visits
        already done before you told us, and nothing else. Without that request, your first visit is on the 15th day or later.
      </p>

      <h2 id="cancellation-form">Model cancellation form</h2>
      <p className="muted">Complete and return this form only if you wish to cancel the contract (Schedule 3 to the Consumer Contracts Regulations 2013).</p>
      <div className="card">
        <p>
          To: {co.legalName || co.name}, {co.address}, {co.email}
          {co.companyNumber ? ` (company number ${co.companyNumber})` : ''}
        </p>
        <p>I/We hereby give notice that I/We cancel my/our contract for the supply of the following service: cleaning, booking reference ______</p>
        <p>Ordered on ______</p>
        <p>Name of consumer(s): ______</p>
        <p>Address of consumer(s): ______</p>
        <p>Signature of consumer(s) (only if this form is sent on paper): ______</p>
        <p>Date: ______</p>
      </div>

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
        Keep your sign-in details private and give accurate information. We may suspend accounts that misuse the service. Content on this site, including blog
        posts, is ours or used with permission.
      </p>

      <h2>Contact and complaints</h2>
      <p>
        Call {co.phone} or e-mail{' '}
        <a href={`mailto:${co.email}`}>{co.email}</a>. We aim to resolve complaints within 14 days. How we handle your data is explained in our{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </article>
  );
}
