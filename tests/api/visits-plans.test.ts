// A booking accepted becomes a plan of visits: 12+ weeks of them, each at its wall time; a free-text
// time needs the first visit's date and time; the horizon moves on with the server's clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISIT_MSG } from '@shared/messages-api';
import { addDays, londonDate } from '@shared/visits';
import { londonDateAndTime } from '@shared/when';
import { Booking } from '../../api/src/models/Booking';
import { Plan } from '../../api/src/models/Plan';
import { Visit } from '../../api/src/models/Visit';
import { generateAll } from '../../api/src/services/plans/visits-generate';
import { makeBooking, makeCustomer, makeEmployee } from './employee-fixtures';
import { acceptedPlan, dayAhead, startVisitsServer, type VisitsServer } from './visits-fixtures';

let v: VisitsServer;
beforeAll(async () => {
  v = await startVisitsServer();
});
afterAll(async () => {
  await v?.setOffset(0);
  await v?.s.close();
});

describe('accepting a booking makes its plan', () => {
  it('a weekly booking accepted → 12+ weeks of visits, one a week at 09:00 London, the first on the booking', async () => {
    const { bookingId, cleaner } = await acceptedPlan(v.s, { date: dayAhead(3) });
    const plan = await Plan.findById(bookingId).lean();
    expect(plan).toMatchObject({ frequency: 'weekly', anchor: dayAhead(3), time: '09:00', state: 'active', employee: expect.anything() });
    const visits = await Visit.find({ plan: bookingId }).sort({ start: 1 }).lean();
    expect(visits.length).toBeGreaterThanOrEqual(13);
    expect(visits[visits.length - 1].slot >= addDays(londonDate(Date.now()), 84)).toBe(true);
    visits.forEach((x, i) => {
      expect(x.slot).toBe(addDays(dayAhead(3), 7 * i));
      expect(londonDateAndTime(x.start)).toEqual({ date: x.slot, time: '09:00' });
      expect(String(x.employee)).toBe(cleaner.id);
      expect(x.on_booking).toBe(i === 0);
    });
  });

  it('a one-time clean is a plan with one visit', async () => {
    const { bookingId } = await acceptedPlan(v.s, { frequency: 'One-time clean' });
    expect(await Visit.countDocuments({ plan: bookingId })).toBe(1);
  });

  it('a free-text time: accept asks for the first visit (400, nothing changed), then takes it', async () => {
    const customer = await makeCustomer(v.s);
    const cleaner = await makeEmployee(v.s);
    const id = await makeBooking(customer.id, { frequency: 'Twice a week', bestDays: 'Mondays after 10', scheduledAt: null });
    const refused = await v.s.call('POST', `/api/employee/bookings/${id}/accept`, { token: cleaner.token, json: {} });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(VISIT_MSG.firstVisitRequired);
    expect((await Booking.findById(id).lean())?.status).toBe('pending');
    expect(await Plan.exists({ _id: id })).toBeNull();

    const past = await v.s.call('POST', `/api/employee/bookings/${id}/accept`, {
      token: cleaner.token,
      json: { first_visit: { date: dayAhead(-2), time: '10:30' } },
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe(VISIT_MSG.firstVisitInPast);

    const ok = await v.s.call('POST', `/api/employee/bookings/${id}/accept`, {
      token: cleaner.token,
      json: { first_visit: { date: dayAhead(2), time: '10:30' }, days: [1, 4] },
    });
    expect(ok.status).toBe(200);
    expect(await Plan.findById(id).lean()).toMatchObject({ frequency: 'twice-weekly', days: [1, 4], time: '10:30' });
    const visits = await Visit.find({ plan: id }).sort({ start: 1 }).lean();
    expect(visits[0].slot).toBe(dayAhead(2));
    expect(visits.length).toBeGreaterThanOrEqual(24);
  });

  it('no end date: as the server clock moves on, the next pass extends the horizon', async () => {
    const { bookingId } = await acceptedPlan(v.s, { date: dayAhead(1) });
    const before = await Visit.countDocuments({ plan: bookingId });
    await v.setOffset(35 * 86_400_000);
    expect(await generateAll(v.s.deps.clock.now(), v.s.deps.config.visitHorizonDays)).toBeGreaterThan(0);
    const last = await Visit.findOne({ plan: bookingId }).sort({ slot: -1 }).lean();
    expect(await Visit.countDocuments({ plan: bookingId })).toBe(before + 5);
    expect(last!.slot >= addDays(londonDate(v.s.deps.clock.now()), 84)).toBe(true);
    // A second pass at the same moment creates nothing.
    expect(await generateAll(v.s.deps.clock.now(), v.s.deps.config.visitHorizonDays)).toBe(0);
    await v.setOffset(0);
  });
});
