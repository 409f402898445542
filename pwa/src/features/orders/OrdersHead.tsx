// My Bookings' heading, drawn alike by the screen and by its frame: the frame is what the build puts in
// /orders' HTML (app/screen-frames.tsx), painted from the service worker before any script runs.
import { Link } from 'react-router-dom';
import { Spinner } from '@/components/Spinner';
import { usePageTitle } from '@/components/usePageTitle';
import { STATEMENT_MSG } from '@shared/messages-statements';
import { PAYMENT_UI } from '@shared/messages-payments-ui';
import './orders.css';

export const ORDERS_TITLE = 'My Bookings';

/** `total` once the bookings are known; the statements link once the person has a plan. */
export function OrdersHead({ total, hasPlans }: { total?: number; hasPlans: boolean; }) {
  return (
    <header className="orders__head">
      <h1>{ORDERS_TITLE}</h1>
      {total !== undefined && <p className="muted">{total === 1 ? '1 booking' : `${total} bookings`}</p>}
      {hasPlans && <Link to="/statements">{STATEMENT_MSG.linkFromBookings}</Link>}
      <Link to="/account/payments">{PAYMENT_UI.title}</Link>
    </header>
  );
}

/** The screen before its answers: its heading and the loading line where the bookings come. */
export function OrdersFrame() {
  usePageTitle(ORDERS_TITLE);
  return (
    <section className="container section orders">
      <OrdersHead hasPlans={false} />
      <Spinner label="Loading your bookings" />
    </section>
  );
}
