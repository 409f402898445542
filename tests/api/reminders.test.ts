// Reminders and live notices on real plans and visits, with the server's test clock (never sleeping):
// the customer's reminder at 48 h with its signed Skip / Move links, none for a skipped visit, again
// for a moved one; the links' refusals; the cleaner's evening list; On my way; Finished and the rating
// an hour later; the late-start alert; unsubscribing from one kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@shared/visits';
import { londonWallTime } from '@shared/when';
import type { VisitDto } from '@shared/schemas/visits';
import { Job } from '../../api/src/models/Job';
import { Plan } from '../../api/src/models/Plan';
import { Visit } from '../../api/src/models/Visit';
import { AuditLog } from '../../api/src/models/AuditLog';
import { visitLinkToken } from '../../api/src/services/plans/visit-links';
import { unsubscribeToken } from '../../api/src/notify/unsubscribe';
import { acceptedPlan, dayAhead, startVisitsServer, type PlanCast, type VisitsServer } from './visits-fixtures';
import { makeEmployee } from './employee-fixtures';

const H = 3600_000;
let vs: VisitsServer;
const s = () => vs.s;
/** Moves the server's clock to the instant `ms`. */
const at = (ms: number) => vs.setOffset(ms - Date.now());
const tick = () => s().deps.jobs.tick();

beforeAll(async () => {
  vs = await startVisitsServer({ JOBS_POLL_MS: '0', OFFICE_EMAIL: 'office@example.test' });
});
afterAll(async () => {
  await vs?.setOffset(0);
  await vs?.s.close();
});

async function visitsOf(cast: PlanCast) {
  return Visit.find({ plan: cast.bookingId }).sort({ start: 1 }).lean();
}
/** The visit of that day as the cleaner's My Visits list carries it. */
async function listed(cast: PlanCast, day: string): Promise<VisitDto | undefined> {
  const res = await s().call('GET', `/api/employee/visits?from=${day}&to=${day}`, { token: cast.cleaner.token });
  return (res.body as { visits: VisitDto[]; }).visits[0];
}
const mailsTo = (to: string, subject: RegExp) => s().mail.mails.filter((m) => m.to === to && subject.test(m.subject));
const linkIn = (text: string, label: string) => new RegExp(`${label}:\\n(\\S+)`).exec(text)?.[1] ?? '';
const tokenOf = (link: string) => decodeURIComponent(new URL(link, 'http://x').searchParams.get('token') ?? '');

describe('the customer reminder', () => {
  let cast: PlanCast;
  let visits: Awaited<ReturnType<typeof visitsOf>>;
  beforeAll(async () => {
    cast = await acceptedPlan(s(), { date: dayAhead(7), time: '09:00', name: 'Cleo Brightwater' });
    visits = await visitsOf(cast);
  });

  it('is planned per visit and goes out at 48 h before, not earlier, once, with when, who, where and two links', async () => {
    const v = visits[0];
    const job = await Job.findOne({ key: `reminder:${v._id}:customer` }).lean();
    expect(job?.run_at.getTime()).toBe(v.start.getTime() - 48 * H);
    expect(job?.stale_after?.getTime()).toBe(v.start.getTime());
    await at(v.start.getTime() - 48 * H - 60_000);
    await tick();
    expect(mailsTo(cast.customer.email, /^Reminder:/)).toHaveLength(0);
    await at(v.start.getTime() - 48 * H + 1000);
    await tick();
    const mail = await s().mail.waitFor(cast.customer.email, { subject: /^Reminder:/ });
    expect(mail.text).toContain('09:00');
    expect(mail.text).toContain('Cleo');
    expect(mail.text).not.toContain('Brightwater');
    expect(mail.text).toContain('1 High Street, London, SW1A 1AA');
    expect(linkIn(mail.text, 'Skip this visit')).toMatch(/\/visit-link\?token=/);
    expect(linkIn(mail.text, 'Move this visit')).toMatch(/\/visit-link\?token=/);
    expect(mail.headers['list-unsubscribe']).toBeTruthy();
    await tick();
    expect(mailsTo(cast.customer.email, /^Reminder:/)).toHaveLength(1);
  });

  it('the Skip link skips exactly that visit, signed out, and works once', async () => {
    const mail = mailsTo(cast.customer.email, /^Reminder:/)[0];
    const token = tokenOf(linkIn(mail.text, 'Skip this visit'));
    const seen = await s().call('GET', `/api/visit-links/${encodeURIComponent(token)}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ status: 'ok', purpose: 'skip' });
    const done = await s().call('POST', `/api/visit-links/${encodeURIComponent(token)}`, { json: {} });
    expect(done.status).toBe(200);
    const after = await visitsOf(cast);
    expect(after.map((v) => v.state)).toEqual(['skipped', ...after.slice(1).map(() => 'scheduled')]);
    // The cleaner hears of it as of any skip.
    await s().mail.waitFor(cast.cleaner.email, { subject: /Change to your visits/ });
    const again = await s().call('POST', `/api/visit-links/${encodeURIComponent(token)}`, { json: {} });
    expect(again.status).toBe(410);
    expect(again.body.message).toMatch(/already been used/);
    expect((await s().call('GET', `/api/visit-links/${encodeURIComponent(token)}`)).body.status).toBe('used');
  });

  it('a link with a changed signature, or one made for another visit, is refused with a clear answer', async () => {
    const v1 = visits[1];
    const v2 = visits[2];
    const secret = s().deps.config.jwtSecret;
    const good = visitLinkToken(secret, { visitId: String(v1._id), purpose: 'skip', start: v1.start.getTime(), expires: v1.start.getTime() });
    const [body, sig] = good.split('.');
    const flipped = `${body}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    // The same signature on a body naming another visit.
    const other = Buffer.from(Buffer.from(body, 'base64url').toString('utf8').replace(String(v1._id), String(v2._id))).toString('base64url');
    for (const bad of [flipped, `${other}.${sig}`]) {
      const seen = await s().call('GET', `/api/visit-links/${encodeURIComponent(bad)}`);
      expect(seen.status).toBe(200);
      expect(seen.body).toMatchObject({ status: 'invalid' });
      expect(seen.body.message).toMatch(/not valid/);
      const tried = await s().call('POST', `/api/visit-links/${encodeURIComponent(bad)}`, { json: {} });
      expect(tried.status).toBe(400);
    }
    expect((await Visit.findById(v1._id).lean())?.state).toBe('scheduled');
    expect((await Visit.findById(v2._id).lean())?.state).toBe('scheduled');
    // A rating link is not a skip link, and garbage is just invalid.
    expect((await s().call('GET', '/api/visit-links/not-a-token-at-all-really')).body.status).toBe('invalid');
  });

  it('a skipped visit gets no reminder (its job is cancelled), a moved one gets one again at its new time', async () => {
    const [, v1, v2] = visits;
    const skip = await s().call('POST', `/api/user/visits/${v1._id}/skip`, { token: cast.customer.token });
    expect(skip.status).toBe(200);
    expect((await Job.findOne({ key: `reminder:${v1._id}:customer` }).lean())?.state).toBe('cancelled');
    await at(v1.start.getTime() - 47 * H);
    await tick();
    expect(mailsTo(cast.customer.email, /^Reminder:/)).toHaveLength(1);

    // v2's reminder goes out, then the customer moves v2 a day later (before its cut-off): reminded again.
    await at(v2.start.getTime() - 47 * H);
    await tick();
    await s().mail.waitFor(cast.customer.email, { subject: /^Reminder:/, after: 0 });
    expect(mailsTo(cast.customer.email, /^Reminder:/)).toHaveLength(2);
    const newDay = addDays(v2.day, 1);
    const moved = await s().call('POST', `/api/user/visits/${v2._id}/move`, { token: cast.customer.token, json: { start: `${newDay}T10:30` } });
    expect(moved.status).toBe(200);
    const job = await Job.findOne({ key: `reminder:${v2._id}:customer` }).lean();
    expect(job?.state).toBe('pending');
    expect(job?.run_at.getTime()).toBe(londonWallTime(newDay, '10:30')! - 48 * H);
    await at(londonWallTime(newDay, '10:30')! - 48 * H + 1000);
    await tick();
    const again = await s().mail.waitFor(cast.customer.email, { subject: /10:30/ });
    expect(again.subject).toMatch(/^Reminder:/);
    expect(mailsTo(cast.customer.email, /^Reminder:/)).toHaveLength(3);
  });

  it('the Move link moves that visit; refused after the cut-off', async () => {
    const v = visits[3];
    await at(v.start.getTime() - 48 * H + 1000);
    await tick();
    const mail = await s().mail.waitFor(cast.customer.email, { subject: /^Reminder:/ });
    const move = tokenOf(linkIn(mail.text, 'Move this visit'));
    const skipLink = tokenOf(linkIn(mail.text, 'Skip this visit'));
    const newDay = addDays(v.day, 2);
    const moved = await s().call('POST', `/api/visit-links/${encodeURIComponent(move)}`, { json: { start: `${newDay}T11:00` } });
    expect(moved.status).toBe(200);
    expect((await Visit.findById(v._id).lean())?.start.getTime()).toBe(londonWallTime(newDay, '11:00'));
    // The skip link of the same mail was written for the old time: it no longer applies.
    expect((await s().call('GET', `/api/visit-links/${encodeURIComponent(skipLink)}`)).body.status).toBe('changed');
    // A fresh link past the visit's cut-off (18:00 the day before): refused by the same rule as the app's.
    const now = await Visit.findById(v._id).lean();
    const late = visitLinkToken(s().deps.config.jwtSecret, {
      visitId: String(v._id),
      purpose: 'skip',
      start: now!.start.getTime(),
      expires: now!.start.getTime() + 99 * H,
    });
    await at(londonWallTime(addDays(newDay, -1), '18:00')! + 1000);
    const seen = await s().call('GET', `/api/visit-links/${encodeURIComponent(late)}`);
    expect(seen.body.status).toBe('expired');
    const tried = await s().call('POST', `/api/visit-links/${encodeURIComponent(late)}`, { json: {} });
    expect(tried.status).toBe(410);
    expect((await Visit.findById(v._id).lean())?.state).toBe('scheduled');
  });
});

describe('the cleaner, the customer and the office on the day', () => {
  let cast: PlanCast;
  let visits: Awaited<ReturnType<typeof visitsOf>>;
  beforeAll(async () => {
    // Time only moves forward in this file: the daily and per-minute jobs were planned from the latest "now".
    cast = await acceptedPlan(s(), { date: dayAhead(45), time: '08:00', name: 'Dana Mop' });
    visits = await visitsOf(cast);
    await Plan.updateOne({ _id: cast.bookingId }, { $set: { access_notes: 'Key under the blue pot' } });
  });

  it('the evening before, the cleaner gets the next day in order with addresses and phones (never the access notes), once', async () => {
    const v = visits[0];
    await at(londonWallTime(addDays(v.day, -1), '18:00')! + 60_000);
    await tick();
    const mail = await s().mail.waitFor(cast.cleaner.email, { subject: /Your visits tomorrow/ });
    expect(mail.text).toContain('08:00');
    expect(mail.text).toContain('1 High Street, London, SW1A 1AA');
    expect(mail.text).toContain('07700 900123');
    // Access notes stay in the app, shown on the day: never by e-mail.
    expect(mail.text).not.toContain('Key under the blue pot');
    await tick();
    expect(mailsTo(cast.cleaner.email, /Your visits tomorrow/)).toHaveLength(1);
    expect(await Job.countDocuments({ key: `evening:${cast.cleaner.id}:${v.day}` })).toBe(1);
  });

  it('On my way: only the visit’s cleaner, minutes from the list, the customer told at once and once', async () => {
    const v = visits[0];
    const other = await makeEmployee(s());
    expect((await s().call('POST', `/api/employee/visits/${v._id}/on-my-way`, { token: other.token, json: { minutes: 20 } })).status).toBe(404);
    expect((await s().call('POST', `/api/employee/visits/${v._id}/on-my-way`, { token: cast.cleaner.token, json: { minutes: 15 } })).status).toBe(400);
    expect(await listed(cast, v.day)).not.toHaveProperty('on_my_way_at');
    const res = await s().call('POST', `/api/employee/visits/${v._id}/on-my-way`, { token: cast.cleaner.token, json: { minutes: 20 } });
    expect(res.status).toBe(200);
    const mail = await s().mail.waitFor(cast.customer.email, { subject: /on the way/ });
    expect(mail.subject).toContain('20 minutes');
    expect(mail.subject).toContain('Dana');
    const again = await s().call('POST', `/api/employee/visits/${v._id}/on-my-way`, { token: cast.cleaner.token, json: { minutes: 30 } });
    expect(again.status).toBe(200);
    expect(mailsTo(cast.customer.email, /on the way/)).toHaveLength(1);
    // The cleaner's list says it was sent, with the first minutes given (My Visits shows it, on every device).
    const shown = await listed(cast, v.day);
    expect(shown?.on_my_way_minutes).toBe(20);
    expect(Date.parse(shown?.on_my_way_at ?? '')).toBeGreaterThan(0);
  });

  it('the office is alerted once about a visit not started 30 minutes after its time; not about one on its way', async () => {
    const [v0, v1] = visits;
    await at(v1.start.getTime() + 29 * 60_000);
    await tick();
    expect(mailsTo('office@example.test', /Not started: /).filter((m) => m.text.includes(visits[1].reference ?? '-'))).toHaveLength(0);
    await at(v1.start.getTime() + 31 * 60_000);
    await tick();
    const alert = await s().mail.waitFor('office@example.test', { subject: /Not started/ });
    expect(alert.text).toContain('Dana Mop');
    await at(v1.start.getTime() + 45 * 60_000);
    await tick();
    const about = (id: unknown) => AuditLog.countDocuments({ action: 'visit.late-start-alert', 'after.visit': String(id) });
    expect(await about(v1._id)).toBe(1);
    expect(await about(v0._id)).toBe(0); // on its way
    expect(mailsTo('office@example.test', /Not started/).filter((m) => m.subject.includes(cast.customer.email) || m.text.includes(String(v1.reference))))
      .toHaveLength(1);
  });

  it('Finished tells the customer; an hour later they are asked to rate, once, by link or in the app', async () => {
    const v = visits[0];
    await at(v.start.getTime() + 2 * H);
    const done = await s().call('POST', `/api/employee/bookings/${cast.bookingId}/submit-work`, {
      token: cast.cleaner.token,
      json: { work_hours: 3, completion_notes: 'All done' },
    });
    expect(done.status).toBe(200);
    await s().mail.waitFor(cast.customer.email, { subject: /is finished/ });
    await at(v.start.getTime() + 3 * H - 60_000);
    await tick();
    expect(mailsTo(cast.customer.email, /How was your clean/)).toHaveLength(0);
    await at(v.start.getTime() + 3 * H + 60_000);
    await tick();
    const ask = await s().mail.waitFor(cast.customer.email, { subject: /How was your clean/ });
    const token = tokenOf(/\n(\S*\/visit-link\?token=\S+)/.exec(ask.text)![1]);
    expect((await s().call('GET', `/api/visit-links/${encodeURIComponent(token)}`)).body).toMatchObject({ status: 'ok', purpose: 'rate' });
    expect((await s().call('POST', `/api/visit-links/${encodeURIComponent(token)}`, { json: { stars: 6 } })).status).toBe(400);
    const rated = await s().call('POST', `/api/visit-links/${encodeURIComponent(token)}`, { json: { stars: 4, comment: 'Lovely, thank you' } });
    expect(rated.status).toBe(200);
    expect((await s().call('POST', `/api/visit-links/${encodeURIComponent(token)}`, { json: { stars: 5 } })).status).toBe(409);
    const inApp = await s().call('POST', `/api/user/visits/${v._id}/rating`, { token: cast.customer.token, json: { stars: 5 } });
    expect(inApp.status).toBe(409);
    // The office sees it with its comment and the cleaner's average; the cleaner sees their own.
    const admin = await makeEmployee(s(), { role: 'admin' });
    const list = await s().call('GET', `/api/admin/ratings?employee=${cast.cleaner.id}`, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.ratings).toEqual([expect.objectContaining({ stars: 4, comment: 'Lovely, thank you', cleaner_name: 'Dana Mop', visit_id: String(v._id) })]);
    expect(list.body.cleaners).toEqual([expect.objectContaining({ employee_id: cast.cleaner.id, average: 4, count: 1 })]);
    expect((await s().call('GET', '/api/admin/ratings', { token: cast.cleaner.token })).status).toBe(403);
    const mine = await s().call('GET', '/api/employee/ratings/summary', { token: cast.cleaner.token });
    expect(mine.body).toMatchObject({ average: 4, count: 1 });
  });

  it('a customer rates a finished visit in the app once; not one still to come', async () => {
    const v = visits[1];
    expect((await s().call('POST', `/api/user/visits/${visits[2]._id}/rating`, { token: cast.customer.token, json: { stars: 5 } })).status).toBe(409);
    await Visit.updateOne({ _id: v._id }, { $set: { state: 'completed', work_submitted: true } });
    expect((await s().call('POST', `/api/user/visits/${v._id}/rating`, { token: cast.customer.token, json: { stars: 2, comment: 'x'.repeat(1001) } })).status)
      .toBe(400);
    expect((await s().call('POST', `/api/user/visits/${v._id}/rating`, { token: cast.customer.token, json: { stars: 2 } })).status).toBe(201);
    expect((await s().call('POST', `/api/user/visits/${v._id}/rating`, { token: cast.customer.token, json: { stars: 3 } })).status).toBe(409);
    const mine = await s().call('GET', '/api/employee/ratings/summary', { token: cast.cleaner.token });
    expect(mine.body).toMatchObject({ average: 3, count: 2 });
  });
});

describe('unsubscribing', () => {
  it('stops that kind of e-mail only: no reminder, but On my way still comes', async () => {
    const cast = await acceptedPlan(s(), { date: dayAhead(75), time: '09:00' });
    const [v] = await visitsOf(cast);
    const token = unsubscribeToken(s().deps.config.jwtSecret, { type: 'customer', id: cast.customer.id }, 'reminders');
    expect((await s().call('POST', '/api/unsubscribe', { json: { token } })).status).toBe(200);
    await at(v.start.getTime() - 47 * H);
    await tick();
    expect((await Job.findOne({ key: `reminder:${v._id}:customer` }).lean())?.state).toBe('done');
    expect(mailsTo(cast.customer.email, /^Reminder:/)).toHaveLength(0);
    await at(v.start.getTime() - 20 * 60_000);
    expect((await s().call('POST', `/api/employee/visits/${v._id}/on-my-way`, { token: cast.cleaner.token, json: { minutes: 10 } })).status).toBe(200);
    await s().mail.waitFor(cast.customer.email, { subject: /on the way/ });
  });
});
