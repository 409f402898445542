// One duration for a plan (shared/duration.ts planHours): the hours the quote gives a home are what the
// customer's plan, the cleaner's visit, the office schedule, the calendar file and the timesheet use —
// not the rough rooms rule, which says otherwise for this home — and the timesheet marks hours submitted
// 30 minutes or more over them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateHours } from '@shared/duration';
import { Booking } from '../../api/src/models/Booking';
import { Visit } from '../../api/src/models/Visit';
import { scheduledAtOf } from '../../api/src/services/bookings/bookings';
import { bookingIcs } from '../../api/src/services/bookings/booking-ics';
import { dayAhead, startVisitsServer, type VisitsServer } from './visits-fixtures';
import { makeBooking, makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';

let v: VisitsServer;
let admin: TestEmployee;
beforeAll(async () => {
  v = await startVisitsServer();
  admin = await makeEmployee(v.s, { role: 'admin', name: 'Ada Office' });
});
afterAll(async () => {
  await v?.setOffset(0);
  await v?.s.close();
});

const home = {
  propertyType: 'House',
  frequency: 'Weekly',
  bedrooms: '3',
  bathrooms: '1',
  receptions: '1',
  cleaningType: 'Standard',
  supplies: 'I will provide supplies and equipment',
};

/** DTSTART/DTEND of the calendar's first event, in hours apart (both written the same way). */
function eventHours(ics: string): number {
  const event = ics.slice(ics.indexOf('BEGIN:VEVENT'));
  const stamp = (name: string) => {
    const m = new RegExp(`^${name}[^:]*:(\\d{8}T\\d{6})Z?`, 'm').exec(event)!;
    const s = m[1];
    return Date.UTC(+s.slice(0, 4), +s.slice(4, 6) - 1, +s.slice(6, 8), +s.slice(9, 11), +s.slice(11, 13));
  };
  return (stamp('DTEND') - stamp('DTSTART')) / 3600_000;
}

describe("a plan's expected hours", () => {
  it('are the same on the quote, the plan, the visit, the schedule, the calendar and the timesheet', async () => {
    const quote = await v.s.call('POST', '/api/quote', { json: home });
    expect(quote.status).toBe(200);
    const hours = quote.body.hours as number;
    // The rough rule would have said another length for this home: the test can tell the two apart.
    expect(estimateHours(home.bedrooms, home.bathrooms)).not.toBe(hours);

    const customer = await makeCustomer(v.s);
    const cleaner = await makeEmployee(v.s, { name: 'Dora Duration' });
    const date = dayAhead(4);
    const id = await makeBooking(customer.id, { ...home, bestDays: `${date}T09:00`, quote: quote.body, price_pence: quote.body.pence_per_visit });
    await Booking.updateOne({ _id: id }, { $set: { scheduledAt: scheduledAtOf(`${date}T09:00`) } });
    const available = await v.s.call('GET', '/api/employee/available-bookings?limit=100', { token: cleaner.token });
    expect((available.body.bookings as Array<{ id: string; expected_hours: number; }>).find((b) => b.id === id)?.expected_hours).toBe(hours);
    expect((await v.s.call('POST', `/api/employee/bookings/${id}/accept`, { token: cleaner.token })).status).toBe(200);

    const plan = await v.s.call('GET', `/api/user/bookings/${id}`, { token: customer.token });
    expect(plan.body.plan.expected_hours).toBe(hours);
    const visits = await v.s.call('GET', `/api/employee/visits?from=${date}&to=${date}`, { token: cleaner.token });
    expect(visits.body.visits[0]).toMatchObject({ booking_id: id, expected_hours: hours });
    const schedule = await v.s.call('GET', `/api/admin/schedule?from=${date}&to=${date}`, { token: admin.token });
    expect((schedule.body.visits as Array<{ plan: string; hours: number; }>).find((x) => x.plan === id)?.hours).toBe(hours);
    const address = await v.s.call('GET', '/api/employee/calendar-address', { token: cleaner.token });
    const feed = await fetch(v.s.url + new URL(String(address.body.calendar.address).replace(/^webcal:/, 'http:')).pathname);
    expect(eventHours(await feed.text())).toBe(hours);
    // The calendar file mailed with the booking lasts as long.
    const stored = (await Booking.findById(id).lean())!;
    const mailed = bookingIcs({ name: 'SparkleClean' }, { ...stored, reference: stored.reference ?? '', scheduledAt: stored.scheduledAt! }, 'booked', 1);
    expect(eventHours(String(mailed.content))).toBe(hours);

    // Worked an hour over: the timesheet shows the expected hours beside them and marks it.
    const [first] = await Visit.find({ plan: id }).sort({ start: 1 }).lean();
    await v.setOffset(first.start.getTime() - Date.now() + 3 * 3600_000);
    expect(
      (await v.s.call('POST', `/api/employee/visits/${first._id}/submit-work`, {
        token: cleaner.token,
        json: { work_hours: hours + 1, completion_notes: 'Oven too' },
      })).status,
    ).toBe(200);
    const sheets = await v.s.call('GET', `/api/admin/timesheets?from=${dayAhead(0)}&to=${dayAhead(10)}&employee=${cleaner.id}`, { token: admin.token });
    expect(sheets.body.timesheets[0]).toMatchObject({ work_hours: hours + 1, expected_hours: hours, over_expected: true });
  });
});
