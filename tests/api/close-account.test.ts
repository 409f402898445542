// "Close my account" over real HTTP: a wrong or missing password changes nothing; the right
// one cancels future visits, ends every session and device, anonymises exactly the listed fields, keeps
// the timesheets adding up, and frees the e-mail for a new sign-up. A Google account uses an e-mailed code.
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '../../api/src/models/Booking';
import { NotificationPreference } from '../../api/src/models/NotificationPreference';
import { Plan } from '../../api/src/models/Plan';
import { PushSubscription } from '../../api/src/models/PushSubscription';
import { User } from '../../api/src/models/User';
import { Visit } from '../../api/src/models/Visit';
import { otpFrom } from '../support/mail-catcher';
import { signUpViaOtp } from '../support/customers';
import { makeEmployee } from './employee-fixtures';
import { acceptedPlan, dayAhead, startVisitsServer, type PlanCast, type VisitsServer } from './visits-fixtures';

let v: VisitsServer;
let p: PlanCast;
const PASSWORD = 'my-old-password';

beforeAll(async () => {
  v = await startVisitsServer({ JOBS_POLL_MS: '0' });
  p = await acceptedPlan(v.s, { date: dayAhead(1) });
  await User.updateOne({ _id: p.customer.id }, { $set: { passwordHash: await bcrypt.hash(PASSWORD, 4) } });
  await Booking.updateOne({ _id: p.bookingId }, { $set: { address: '1 High Street, London', phone: '07700 900123' } });
  await PushSubscription.create({
    person_type: 'customer',
    person_id: p.customer.id,
    endpoint: `https://fcm.googleapis.com/send/${p.customer.id}`,
    p256dh: 'k',
    auth: 'a',
  });
  await NotificationPreference.updateOne({ _id: `customer:${p.customer.id}` }, { $set: { news: { email: false, push: false } } }, { upsert: true });
}, 120_000);
afterAll(async () => {
  await v?.setOffset(0);
  await v?.s.close();
});

const close = (token: string, json: unknown) => v.s.call('POST', '/api/user/close-account', { token, json });
const snapshot = async () => ({
  user: await User.findById(p.customer.id).lean(),
  bookings: await Booking.find({ user: p.customer.id }).lean(),
  visits: await Visit.find({ user: p.customer.id }).sort({ start: 1 }).lean(),
  subs: await PushSubscription.countDocuments({ person_id: p.customer.id }),
});

describe('POST /api/user/close-account', () => {
  it('refuses a wrong or missing password and changes nothing', async () => {
    const before = await snapshot();
    for (const body of [{ password: 'not-it' }, {}, { password: '' }]) {
      const res = await close(p.customer.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/password/i);
    }
    expect(await snapshot()).toEqual(before);
    expect((await v.s.call('GET', '/api/user/profile', { token: p.customer.token })).status).toBe(200);
  });

  it('cancels future visits, ends sessions and devices, anonymises exactly the listed fields, keeps the hours, frees the e-mail', async () => {
    // Three weeks on: the first three visits were cleaned and their hours submitted.
    const visits = await Visit.find({ plan: p.bookingId }).sort({ start: 1 }).lean();
    await v.setOffset(visits[2].start.getTime() - Date.now() + 3600_000);
    for (const x of visits.slice(0, 3)) {
      expect(
        (await v.s.call('POST', `/api/employee/visits/${x._id}/submit-work`, { token: p.cleaner.token, json: { work_hours: 2.5, completion_notes: 'Done' } }))
          .status,
      ).toBe(200);
    }
    const admin = await makeEmployee(v.s, { role: 'admin', name: 'Ada Admin' });
    const sheets = async () =>
      (await v.s.call('GET', `/api/admin/timesheets?from=${dayAhead(0)}&to=${dayAhead(40)}&employee=${p.cleaner.id}`, { token: admin.token })).body;
    const hoursBefore = await sheets();
    expect(hoursBefore.totals[0]).toMatchObject({ submissions: 3, hours: 7.5 });
    const before = await snapshot();

    const mailsBefore = v.s.mail.mails.length;
    const res = await close(p.customer.token, { password: PASSWORD });
    expect(res.status).toBe(200);
    // The cleaner is told once that the later visits are off.
    expect(JSON.stringify(await v.s.mail.waitFor(p.cleaner.email, { after: mailsBefore }))).toContain('closed their account');
    expect(res.body.visitsCancelled).toBeGreaterThan(5);
    const after = await snapshot();
    // The account: exactly name, e-mail, phone, address and the sign-in means changed; the rest stays.
    const { name, email, phone, address, passwordHash, search_keys, closed_at, tokenVersion, updated_at: _updated, ...rest } = after.user!;
    const { name: _n, email: _e, phone: _p, address: _a, passwordHash: _h, search_keys: _s, tokenVersion: _t, updated_at: _u, ...restBefore } = before.user!;
    expect(rest).toEqual(restBefore);
    expect({ name, email, phone, address, passwordHash, search_keys }).toEqual({
      name: 'Closed account',
      email: `closed-${p.customer.id}@closed.invalid`,
      phone: undefined,
      address: undefined,
      passwordHash: undefined,
      search_keys: [],
    });
    expect(closed_at).toBeInstanceOf(Date);
    expect(tokenVersion).toBe((before.user!.tokenVersion ?? 0) + 1);
    // Bookings stay, linked to the opaque id, without address and phone; the postcode keeps its district only.
    expect(after.bookings).toHaveLength(1);
    expect(after.bookings[0]).toMatchObject({ user: before.bookings[0].user, submitted_work_hours: 2.5, frequency: 'Weekly' });
    expect([after.bookings[0].address, after.bookings[0].phone, after.bookings[0].postcode]).toEqual([undefined, undefined, 'SW1A']);
    // Done visits stay as they were; every later one is cancelled.
    expect(after.visits.slice(0, 3)).toEqual(before.visits.slice(0, 3));
    expect(after.visits.slice(3).every((x) => x.state === 'cancelled')).toBe(true);
    expect((await Plan.findById(p.bookingId).lean())!.state).toBe('ended');
    // The payroll still adds up.
    expect((await sheets()).totals[0]).toMatchObject({ submissions: 3, hours: 7.5, approved_hours: hoursBefore.totals[0].approved_hours });
    // Every session and device ended, choices gone.
    expect((await v.s.call('GET', '/api/user/profile', { token: p.customer.token })).status).toBe(401);
    expect(after.subs).toBe(0);
    expect(await NotificationPreference.countDocuments({ _id: `customer:${p.customer.id}` })).toBe(0);
    expect((await v.s.call('POST', '/api/auth/user/login', { json: { email: p.customer.email, password: PASSWORD } })).status).toBe(401);
    // The same e-mail signs up again, as a new person with nothing of the old.
    const again = await signUpViaOtp(v.s, { email: p.customer.email, password: 'a-new-password' });
    expect(again.id).not.toBe(p.customer.id);
    expect((await v.s.call('GET', '/api/user/bookings', { token: again.token })).body.total).toBe(0);
  });

  it('a Google account (no password) closes with an e-mailed code; a wrong code changes nothing', async () => {
    const u = await User.create({ email: 'gina-google@example.com', name: 'Gina Google', googleId: 'g-123', role: 'user' });
    const token = v.s.deps.tokens.sign('customer', String(u._id), 'user');
    expect((await close(token, { password: 'whatever' })).status).toBe(400);
    const seen = v.s.mail.mails.length;
    expect((await v.s.call('POST', '/api/user/close-account/code', { token })).status).toBe(200);
    const code = otpFrom(await v.s.mail.waitFor('gina-google@example.com', { after: seen }));
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await close(token, { code: wrong })).status).toBe(400);
    expect((await User.findById(u._id).lean())!.email).toBe('gina-google@example.com');
    expect((await close(token, { code })).status).toBe(200);
    const closed = (await User.findById(u._id).lean())!;
    expect([closed.googleId, closed.name]).toEqual([undefined, 'Closed account']);
  });

  it('is for customers only', async () => {
    expect((await v.s.call('POST', '/api/user/close-account', { token: p.cleaner.token, json: { password: 'x' } })).status).toBe(401);
  });
});
