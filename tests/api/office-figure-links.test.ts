// Every figure on the office home links to the list behind it, and that list holds exactly the
// records counted: for a seeded set, each linked list's total (through the very links the home page
// shows, turned into their API calls) equals its figure, for the whole period and week by week.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '../../api/src/models/Booking';
import { ContactMessage } from '../../api/src/models/ContactMessage';
import { Enquiry } from '../../api/src/models/Enquiry';
import { approvedHoursLink, boardLink, inboxNewLink, waitingLink } from '@/features/office/home/links';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeBooking, makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let admin: TestEmployee;
const H = 3_600_000;
const FROM = '2026-03-02';
const TO = '2026-03-25';
const t = (day: string, hour = 9) => new Date(Date.parse(`${day}T00:00:00Z`) + hour * H);

beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4' });
  admin = await makeEmployee(srv, { role: 'admin' });
  const cleaner = await makeEmployee(srv);
  const customer = await makeCustomer(srv);
  const acc = (at: Date) => ({ accepted_by: cleaner.id, accepted_at: at });
  const work = (at: Date, hours: number, approved: boolean) => ({
    work_submitted: true,
    submitted_at: at,
    submitted_work_hours: hours,
    timesheet_status: approved ? 'approved' : 'submitted',
  });
  // Each row traps a list that filters by status or by creation date instead of the figure's own date.
  const seed: Array<{ created: Date; } & Record<string, unknown>> = [
    { created: t('2026-03-02'), status: 'completed', ...acc(t('2026-03-02', 13)), ...work(t('2026-03-04'), 3, true) },
    { created: t('2026-03-03'), status: 'completed', ...acc(t('2026-03-05')), ...work(t('2026-03-09'), 2.5, false) },
    { created: t('2026-03-08', 23), status: 'accepted', ...acc(t('2026-03-09', 1)) },
    { created: t('2026-03-10'), status: 'rejected', cancelled_at: t('2026-03-16', 8) },
    { created: t('2026-03-17'), status: 'completed', ...acc(t('2026-03-20')), ...work(t('2026-03-24'), 4, true) },
    { created: t('2026-03-18'), status: 'pending' }, // waiting more than 24 h
    { created: t('2026-03-25', 20), status: 'accepted', ...acc(t('2026-03-26')) }, // accepted after the period
    { created: t('2026-02-20'), status: 'completed', ...acc(t('2026-03-03')), ...work(t('2026-03-26'), 8, true) }, // created before it
    { created: t('2026-02-10'), status: 'completed', ...acc(t('2026-02-11')), ...work(t('2026-03-11'), 5, true) }, // only its work inside
    { created: t('2026-02-12'), status: 'rejected', ...acc(t('2026-03-12')), cancelled_at: t('2026-04-02') }, // accepted inside, cancelled after
    { created: t('2026-03-12'), status: 'rejected' }, // declined with no office cancellation date
  ];
  for (const s of seed) await makeBooking(customer.id, s);
  // mongoose sets created_at itself on create: put the seeded dates back.
  const all = await Booking.find({ user: customer.id }).sort({ _id: 1 }).lean();
  for (const [i, b] of all.entries()) await Booking.collection.updateOne({ _id: b._id }, { $set: { created_at: seed[i].created } });
  await ContactMessage.create({ name: 'A', email: 'a@example.com', message: 'hi' });
  await ContactMessage.create({ name: 'B', email: 'b@example.com', message: 'hi', status: 'handled' });
  await Enquiry.create({ name: 'C', email: 'c@example.com', service: 'Other', consent: true });
});
afterAll(async () => {
  await srv?.close();
});

/** The API answer behind an office link (`/office/x?…` → `/api/admin/x?…`). */
async function listBehind(link: string) {
  const url = new URL(link, 'http://office');
  expect(url.pathname).toMatch(/^\/office\//);
  url.searchParams.set('limit', '100');
  const res = await srv.call('GET', `/api/admin/${url.pathname.slice('/office/'.length)}${url.search}`, { token: admin.token });
  expect(res.status, `${link}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

describe('the office home figures and the lists they link to', () => {
  it('each linked list holds exactly the records the figure counts', async () => {
    const res = await srv.call('GET', `/api/admin/stats?from=${FROM}&to=${TO}`, { token: admin.token });
    expect(res.status).toBe(200);
    const s = res.body.stats;
    // The seed makes every figure non-zero, so an empty list cannot pass for a right one.
    for (const on of ['created', 'accepted', 'completed', 'cancelled'] as const) {
      expect(s.totals[on], on).toBeGreaterThan(0);
      expect((await listBehind(boardLink(s.from, s.to, on))).total, `${on} over the period`).toBe(s.totals[on]);
      for (const w of s.weeks) expect((await listBehind(boardLink(w.from, w.to, on))).total, `${on} in the week of ${w.week}`).toBe(w[on]);
    }
    // No plan ended in the seed: the figure of plans ended counts none.
    expect(s.totals).toEqual({ created: 8, accepted: 6, completed: 4, cancelled: 1, ended: 0 });
    // The median wait is over the accepted bookings: the same list.
    expect((await listBehind(boardLink(s.from, s.to, 'accepted'))).total).toBe(s.acceptance.count);
    expect((await listBehind(waitingLink)).total).toBe(s.waiting_over_24h);
    expect(s.waiting_over_24h).toBeGreaterThan(0);
    const inbox = await listBehind(inboxNewLink);
    expect([inbox.total, s.inbox_new.total]).toEqual([2, 2]);
    const sheets = await listBehind(approvedHoursLink(s.from, s.to));
    expect(sheets.total).toBe(s.approved_submissions);
    expect(sheets.totals.reduce((sum: number, x: { approved_hours: number; }) => sum + x.approved_hours, 0)).toBe(s.hours_approved);
    expect(sheets.timesheets.reduce((sum: number, x: { work_hours: number; }) => sum + x.work_hours, 0)).toBe(s.hours_approved);
    expect(s.hours_approved).toBe(3 + 4 + 5);
  });

  it('the board refuses an unknown date field and orders by the chosen one', async () => {
    expect((await srv.call('GET', '/api/admin/bookings?on=updated', { token: admin.token })).status).toBe(400);
    const res = await srv.call('GET', `/api/admin/bookings?on=completed&from=${FROM}&to=${TO}&sort=oldest`, { token: admin.token });
    const dates = res.body.bookings.map((b: { submitted_at: string; }) => b.submitted_at);
    expect(dates).toEqual([...dates].sort());
    expect(dates.every(Boolean)).toBe(true);
  });

  it('a status filter beside a date of another kind narrows, never widens', async () => {
    const both = await srv.call('GET', `/api/admin/bookings?on=cancelled&status=accepted&from=${FROM}&to=${TO}`, { token: admin.token });
    expect([both.status, both.body.total]).toEqual([200, 0]);
    const accepted = await srv.call('GET', `/api/admin/bookings?on=accepted&status=rejected&from=${FROM}&to=${TO}`, { token: admin.token });
    expect(accepted.body.total).toBe(1);
  });
});
