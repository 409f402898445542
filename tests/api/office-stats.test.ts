// GET /api/admin/stats on a seeded data set: every figure equals one computed here, independently,
// from the seed itself (weeks, percentiles by linear interpolation, waiting > 24 h, approved hours).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '../../api/src/models/Booking';
import { ContactMessage } from '../../api/src/models/ContactMessage';
import { Enquiry } from '../../api/src/models/Enquiry';
import { writeVersions } from '../../api/src/models/write-version';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeBooking, makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let admin: TestEmployee;
let cleaner: TestEmployee;
const H = 3_600_000;
const FROM = '2026-03-02'; // a Monday
const TO = '2026-03-25'; // a Wednesday: the last week is clipped

interface Seed {
  created: Date;
  accepted?: Date;
  submitted?: Date;
  hours?: number;
  approved?: boolean;
  cancelled?: Date;
}
let seed: Seed[];

beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4' });
  admin = await makeEmployee(srv, { role: 'admin' });
  cleaner = await makeEmployee(srv);
  const customer = await makeCustomer(srv);
  const t = (day: string, hour = 9) => new Date(Date.parse(`${day}T00:00:00Z`) + hour * H);
  seed = [
    { created: t('2026-03-02'), accepted: t('2026-03-02', 13), submitted: t('2026-03-04'), hours: 3, approved: true },
    { created: t('2026-03-03'), accepted: t('2026-03-05'), submitted: t('2026-03-09'), hours: 2.5, approved: false },
    { created: t('2026-03-08', 23), accepted: t('2026-03-09', 1) },
    { created: t('2026-03-10'), cancelled: t('2026-03-16', 8) },
    { created: t('2026-03-17'), accepted: t('2026-03-20', 9), submitted: t('2026-03-24'), hours: 4, approved: true },
    { created: t('2026-03-18') }, // still waiting: more than 24 h ago
    { created: t('2026-03-25', 20), accepted: t('2026-03-26') }, // accepted after the period
    { created: t('2026-02-20'), accepted: t('2026-03-03', 9), submitted: t('2026-03-26'), hours: 8, approved: true }, // created before it
  ];
  for (const s of seed) {
    await makeBooking(customer.id, {
      created_at: s.created,
      status: s.cancelled ? 'rejected' : s.submitted ? 'completed' : s.accepted ? 'accepted' : 'pending',
      ...(s.accepted ? { accepted_by: cleaner.id, accepted_at: s.accepted } : {}),
      ...(s.submitted
        ? { work_submitted: true, submitted_at: s.submitted, submitted_work_hours: s.hours, timesheet_status: s.approved ? 'approved' : 'submitted' }
        : {}),
      ...(s.cancelled ? { cancelled_at: s.cancelled } : {}),
    });
  }
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

/** Linear interpolation between closest ranks, written out again here. */
function pct(values: number[], p: number): number | null {
  if (!values.length) return null;
  const v = [...values].sort((a, b) => a - b);
  const pos = (v.length - 1) * (p / 100);
  const below = v[Math.floor(pos)];
  const above = v[Math.ceil(pos)];
  return below + (above - below) * (pos - Math.floor(pos));
}

describe('GET /api/admin/stats', () => {
  it('equals the figures computed from the seed', async () => {
    const versionBefore = (await writeVersions('bookings')).bookings;
    const res = await srv.call('GET', `/api/admin/stats?from=${FROM}&to=${TO}`, { token: admin.token });
    expect(res.status).toBe(200);
    const s = res.body.stats;
    const start = Date.parse(`${FROM}T00:00:00Z`);
    const end = Date.parse(`${TO}T00:00:00Z`) + 24 * H;
    const inside = (d?: Date) => d !== undefined && d.getTime() >= start && d.getTime() < end;
    const weekStarts = ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23'];
    const weekOf = (d: Date) => weekStarts.filter((w) => Date.parse(`${w}T00:00:00Z`) <= d.getTime()).at(-1)!;
    const perWeek = (pick: (x: Seed) => Date | undefined) => weekStarts.map((w) => seed.filter((x) => inside(pick(x)) && weekOf(pick(x)!) === w).length);

    expect(s.weeks.map((w: { week: string; }) => w.week)).toEqual(weekStarts);
    expect(s.weeks.at(-1)).toMatchObject({ from: '2026-03-23', to: TO });
    expect(s.weeks.map((w: { created: number; }) => w.created)).toEqual(perWeek((x) => x.created));
    expect(s.weeks.map((w: { accepted: number; }) => w.accepted)).toEqual(perWeek((x) => x.accepted));
    expect(s.weeks.map((w: { completed: number; }) => w.completed)).toEqual(perWeek((x) => x.submitted));
    expect(s.weeks.map((w: { cancelled: number; }) => w.cancelled)).toEqual(perWeek((x) => x.cancelled));
    expect(s.totals).toEqual({
      created: seed.filter((x) => inside(x.created)).length,
      accepted: seed.filter((x) => inside(x.accepted)).length,
      completed: seed.filter((x) => inside(x.submitted)).length,
      cancelled: seed.filter((x) => inside(x.cancelled)).length,
      ended: 0,
    });
    const waits = seed.filter((x) => inside(x.accepted)).map((x) => (x.accepted!.getTime() - x.created.getTime()) / H);
    expect(s.acceptance.count).toBe(waits.length);
    expect(s.acceptance.median_hours).toBeCloseTo(pct(waits, 50)!, 9);
    expect(s.acceptance.p90_hours).toBeCloseTo(pct(waits, 90)!, 9);
    expect(s.waiting_over_24h).toBe(seed.filter((x) => !x.accepted && !x.cancelled && x.created.getTime() < Date.now() - 24 * H).length);
    expect(s.hours_approved).toBe(seed.filter((x) => x.approved && inside(x.submitted)).reduce((sum, x) => sum + x.hours!, 0));
    // Both new items are unopened too (nobody in the office has opened them).
    expect(s.inbox_new).toEqual({ contact: 1, enquiry: 1, career: 0, reclean: 0, total: 2, unopened: 2 });
    // The seed's bookings had no stored wait: read once, the waits found are stored (the next count reads
    // none), and the figures stay the same.
    const inPeriod = { accepted_at: { $gte: new Date(start), $lt: new Date(end) } };
    expect(await Booking.countDocuments({ ...inPeriod, accept_wait_min: null })).toBe(0);
    const stored = await Booking.find(inPeriod, { created_at: 1, accepted_at: 1, accept_wait_min: 1 }).lean();
    expect(stored.map((b) => b.accept_wait_min)).toEqual(stored.map((b) => Math.floor((b.accepted_at!.getTime() - b.created_at!.getTime()) / 60_000)));
    const again = await srv.call('GET', `/api/admin/stats?from=${FROM}&to=${TO}`, { token: admin.token });
    expect(again.body.stats.acceptance).toEqual(s.acceptance);
    // Storing them changed no answer, so the bookings' version did not move: the kept figures stay kept.
    expect((await writeVersions('bookings')).bookings).toBe(versionBefore);
  });

  it('defaults to the last 12 weeks, refuses bad periods, and is for the office only', async () => {
    const res = await srv.call('GET', '/api/admin/stats', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.stats.weeks).toHaveLength(12);
    expect(res.body.stats.to).toBe(new Date().toISOString().slice(0, 10));
    for (const qs of ['from=2026-13-01', 'from=2026-03-10&to=2026-03-01', 'from=2024-01-01&to=2026-01-01', 'extra=1']) {
      expect((await srv.call('GET', `/api/admin/stats?${qs}`, { token: admin.token })).status, qs).toBe(400);
    }
    expect((await srv.call('GET', '/api/admin/stats', { token: cleaner.token })).status).toBe(403);
    expect((await srv.call('GET', '/api/admin/stats')).status).toBe(401);
  });
});
