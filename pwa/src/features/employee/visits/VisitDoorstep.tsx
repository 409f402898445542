// What the cleaner needs at the door: the customer's phone (tap to call), directions to the address, and
// on the visit's day the home's access notes, keys, alarm code, parking and pets, as the API sent them
// with the day's list (kept on the device, so readable with no signal once the list has loaded).
import type { VisitDto } from '@shared/schemas/visits';
import { HOMES_MSG as M } from '@shared/messages-homes';
import { formatPostcode } from '@shared/postcode';
import './visit-doorstep.css';

/** A maps link that opens directions to the address on any phone (Google Maps' universal URL). */
export const directionsUrl = (destination: string) => `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;

const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

const ROWS = [
  ['access_notes', M.fields.access_notes],
  ['keys', M.fields.keys],
  ['alarm_code', M.fields.alarm_code],
  ['parking', M.fields.parking],
  ['pets', M.fields.pets],
] as const;

export function VisitDoorstep({ visit: v }: { visit: VisitDto; }) {
  if (v.state !== 'scheduled' || !v.employee_id) return null;
  const where = [v.address, v.postcode && formatPostcode(v.postcode)].filter(Boolean).join(', ');
  const d = v.doorstep;
  const rows = d ? ROWS.filter(([k]) => d[k]) : [];
  return (
    <section className="doorstep" aria-label={M.doorstep}>
      <div className="doorstep__links">
        {v.customer_phone && (
          <a className="btn btn--ghost doorstep__link" href={telOf(v.customer_phone)}>
            {M.call(v.customer_name?.split(' ')[0] || v.customer_phone)} · {v.customer_phone}
          </a>
        )}
        {where && (
          <a className="btn btn--ghost doorstep__link" href={directionsUrl(where)} target="_blank" rel="noreferrer">
            {M.directions}
          </a>
        )}
      </div>
      {d ?
        rows.length > 0 && (
          <dl className="doorstep__notes">
            {rows.map(([k, label]) => (
              <div key={k}>
                <dt>{label}</dt>
                <dd>{d[k]}</dd>
              </div>
            ))}
          </dl>
        ) :
        <p className="muted doorstep__later">{M.onTheDay}</p>}
    </section>
  );
}
