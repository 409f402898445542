import { MSG } from '@shared/messages';
import { formatPostcode } from '@shared/postcode';
import { cleaningTitle } from '@shared/booking-summary';
import type { QueuedItem } from '@/lib/outbox/kinds';
import { formatBestDays, formatDate } from './format';

/** Bookings made on this device that have not reached the server yet ("waiting to send"). */
export function QueuedBookings({ items }: { items: QueuedItem<'booking'>[]; }) {
  if (items.length === 0) return null;
  return (
    <section className="orders__queued" aria-labelledby="queued-title">
      <h2 id="queued-title" className="orders__subtitle">
        Waiting to send
      </h2>
      <p className="muted">{MSG.savedOffline}</p>
      <div className="grid grid--3">
        {items.map((item) => {
          const b = item.meta;
          return (
            <article key={item.id} className="card booking-card booking-card--queued">
              <header className="booking-card__head">
                <h3 className="booking-card__title">
                  {cleaningTitle(b.cleaningType)} · {b.propertyType}
                </h3>
                <span className="status status--queued">{item.state === 'needs-sign-in' ? 'sign in to send' : 'waiting to send'}</span>
              </header>
              <dl className="booking-card__facts">
                <div>
                  <dt>When</dt>
                  <dd>{formatBestDays(b.bestDays)}</dd>
                </div>
                <div>
                  <dt>Postcode</dt>
                  <dd>{formatPostcode(b.postcode)}</dd>
                </div>
                <div>
                  <dt>Saved</dt>
                  <dd>{formatDate(item.createdAt)}</dd>
                </div>
              </dl>
            </article>
          );
        })}
      </div>
    </section>
  );
}
