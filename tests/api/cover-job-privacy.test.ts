// A job nobody has taken is listed to every cleaner with the customer's name and postcode only, the
// same for an available booking and for a cover visit another cleaner released; the address comes
// with the job once a cleaner has it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '../../api/src/models/Booking';
import { Visit } from '../../api/src/models/Visit';
import { makeBooking, makeCustomer, makeEmployee } from './employee-fixtures';
import { acceptedPlan, dayAhead, startVisitsServer, type VisitsServer } from './visits-fixtures';

let v: VisitsServer;
const HOME = '14 Private Lane, Hackney';

beforeAll(async () => {
  v = await startVisitsServer({ JOBS_POLL_MS: '0' });
});
afterAll(async () => {
  await v?.setOffset(0);
  await v?.s.close();
});

const get = (path: string, token: string) => v.s.call('GET', path, { token });

describe('a job nobody has taken', () => {
  it('a cover visit shows every cleaner the name and postcode, not the home address, until one takes it', async () => {
    const p = await acceptedPlan(v.s, { date: dayAhead(9) });
    await Booking.updateOne({ _id: p.bookingId }, { $set: { address: HOME, postcode: 'E8 1AA' } });
    const later = (await Visit.find({ plan: p.bookingId }).sort({ start: 1 }).lean())[1];
    await v.setOffset(later.start.getTime() - 72 * 3600_000 - Date.now());
    expect((await v.s.call('POST', `/api/employee/visits/${String(later._id)}/release`, { token: p.cleaner.token })).status).toBe(200);

    const other = await makeEmployee(v.s, { name: 'Olly Other' });
    const offered = (await get('/api/employee/available-visits?limit=50', other.token)).body.visits.find((x: { id: string; }) => x.id === String(later._id));
    expect(offered).toMatchObject({ customer_name: 'Carla Customer', postcode: 'E8 1AA' });
    expect(offered.address).toBeUndefined();
    expect(JSON.stringify(offered)).not.toContain('Private Lane');

    expect((await v.s.call('POST', `/api/employee/visits/${String(later._id)}/accept`, { token: other.token })).status).toBe(200);
    const mine = await get(`/api/employee/visits?from=${later.day}&to=${later.day}`, other.token);
    expect(mine.body.visits.find((x: { id: string; }) => x.id === String(later._id))).toMatchObject({ address: HOME, postcode: 'E8 1AA' });
  });

  it('an available booking likewise: name and postcode, no address, e-mail or phone', async () => {
    const c = await makeCustomer(v.s, { name: 'Avril Available', address: '9 Hidden Road', phone: '07700 900123' });
    const id = await makeBooking(c.id, { postcode: 'E8 2BB', address: '9 Hidden Road', phone: '07700 900123' });
    const cleaner = await makeEmployee(v.s);
    const list = await get('/api/employee/available-bookings?limit=50', cleaner.token);
    const job = list.body.bookings.find((b: { id: string; }) => b.id === id);
    expect(job).toMatchObject({ customer_name: 'Avril Available', postcode: 'E8 2BB', customer_email: '' });
    expect([job.customer_address, job.customer_phone]).toEqual([undefined, undefined]);
  });
});
