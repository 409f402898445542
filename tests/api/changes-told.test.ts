// Every change of plan or visits told to each person it affects, once, in their words (services/plans/
// changes.ts): the office's move, cancellation and reassignment (the customer too; the two cleaners each
// their own text), a refused queued change in the office's words, cover offers withdrawn, a 14-day
// cancellation, a low rating's case and free re-clean, and each person's list of what they were told.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@shared/visits';
import { londonDateAndTime } from '@shared/when';
import { LowRatingCase } from '../../api/src/models/LowRatingCase';
import { Visit } from '../../api/src/models/Visit';
import type { CaughtMail } from '../support/mail-catcher';
import { makeEmployee, type TestEmployee } from './employee-fixtures';
import { acceptedPlan, dayAhead, startVisitsServer, type VisitsServer } from './visits-fixtures';

const OFFICE = 'office@example.test';
let vs: VisitsServer;
let admin: TestEmployee;
beforeAll(async () => {
  vs = await startVisitsServer({ JOBS_POLL_MS: '0', OFFICE_EMAIL: OFFICE });
  admin = await makeEmployee(vs.s, { name: 'Ada Admin', role: 'admin' });
});
afterAll(async () => {
  await vs?.setOffset(0);
  await vs?.s.close();
});

const s = () => vs.s;
const visitsOf = async (plan: string) => Visit.find({ plan }).sort({ start: 1 }).lean();
/** A plan accepted, once the customer's "accepted" receipt has landed (it is sent after the answer). */
async function plan(opts: Parameters<typeof acceptedPlan>[1]) {
  const p = await acceptedPlan(s(), opts);
  await s().mail.waitFor(p.customer.email, { subject: /accepted/ });
  return p;
}
/** A London wall time as the API takes it: `YYYY-MM-DDTHH:MM`. */
const wall = (ms: number) => {
  const { date, time } = londonDateAndTime(ms)!;
  return `${date}T${time}`;
};
/** Every mail to `to` since `after`, once `count` have landed (sends are not awaited by the answers); then a short wait for any extra. */
async function mailsTo(to: string, after: number, count: number): Promise<CaughtMail[]> {
  const of = () => s().mail.mails.slice(after).filter((m) => m.to === to.toLowerCase());
  const deadline = Date.now() + 10_000;
  while (of().length < count && Date.now() < deadline) await s().mail.waitFor(to, { after: s().mail.mails.length, timeoutMs: 200 }).catch(() => undefined);
  // A second mail would come right behind the first: give it the time the first took.
  await s().mail.waitFor(to, { after: after + s().mail.mails.slice(after).length, timeoutMs: 500 }).catch(() => undefined);
  return of();
}

describe('a change told to everyone it affects, once', () => {
  it('another cleaner: the one who lost it "no longer yours", the one who got it "now yours" with the address, the customer who comes', async () => {
    const p = await plan({ date: dayAhead(3), name: 'Cara Clean' });
    const dan = await makeEmployee(s(), { name: 'Dan Duster' });
    const [v] = await visitsOf(p.bookingId);
    const seen = s().mail.mails.length;
    expect((await s().call('PATCH', `/api/admin/visits/${String(v._id)}`, { token: admin.token, json: { employee_id: dan.id, scope: 'this' } })).status).toBe(
      200,
    );
    const [lost] = await mailsTo(p.cleaner.email, seen, 1);
    const [got] = await mailsTo(dan.email, seen, 1);
    const toCustomer = await mailsTo(p.customer.email, seen, 1);
    expect(lost.subject).toMatch(/^No longer yours/);
    expect(lost.text).toContain('is no longer yours');
    expect(lost.text).not.toContain('now yours');
    expect(got.subject).toMatch(/^Now yours/);
    expect(got.text).toContain('is now yours');
    expect(got.text).toMatch(/Address: .+/);
    expect(got.text).not.toContain('another cleaner');
    expect(toCustomer.map((m) => m.subject)).toEqual([expect.stringMatching(/^Change to your visit/)]);
    expect(toCustomer[0].text).toContain('Dan will clean');
    expect((await mailsTo(p.cleaner.email, seen, 1)).length).toBe(1);
    expect((await mailsTo(dan.email, seen, 1)).length).toBe(1);
  });

  it('the office cancels with a reason: the customer and the cleaner are told once; her queued move is refused in the office’s words', async () => {
    const p = await plan({ date: dayAhead(4) });
    const [v] = await visitsOf(p.bookingId);
    const seen = s().mail.mails.length;
    expect(
      (await s().call('PATCH', `/api/admin/visits/${String(v._id)}`, {
        token: admin.token,
        json: { state: 'cancelled', reason: 'Cleaner training day', scope: 'this' },
      })).status,
    ).toBe(200);
    const toCustomer = await mailsTo(p.customer.email, seen, 1);
    expect(toCustomer).toHaveLength(1);
    expect(toCustomer[0].text).toContain('The office cancelled your visit');
    expect(toCustomer[0].text).toContain('Why: Cleaner training day');
    const toCleaner = await mailsTo(p.cleaner.email, seen, 1);
    expect(toCleaner).toHaveLength(1);
    expect(toCleaner[0].text).toContain('Cleaner training day');
    // Each ends with the plan's state after the change, in the reader's words, as the booking mails do.
    expect(toCustomer[0].text).toMatch(/\nState: (Weekly|Fortnightly|Monthly|One-time)[^\n]*/);
    expect(toCleaner[0].text).toMatch(/\nState: (Weekly|Fortnightly|Monthly|One-time)[^\n]*/);
    const moved = await s().call('POST', `/api/user/visits/${String(v._id)}/move`, {
      token: p.customer.token,
      json: { start: `${dayAhead(5)}T10:00` },
      headers: { 'Idempotency-Key': 'queued-move-after-cancel' },
    });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toContain('The office cancelled the visit');
    expect(moved.body.message).toContain('Cleaner training day');
    expect(moved.body.message).not.toBe('Only a scheduled visit can be changed.');
  });

  it('the office moves a visit: the customer hears from when to when, the cleaner too, once each', async () => {
    const p = await plan({ date: dayAhead(5) });
    const [v] = await visitsOf(p.bookingId);
    const seen = s().mail.mails.length;
    expect(
      (await s().call('PATCH', `/api/admin/visits/${String(v._id)}`, { token: admin.token, json: { start: `${addDays(v.slot, 1)}T14:00`, scope: 'this' } }))
        .status,
    ).toBe(200);
    const toCustomer = await mailsTo(p.customer.email, seen, 1);
    expect(toCustomer).toHaveLength(1);
    expect(toCustomer[0].text).toMatch(/The office moved your visit on .+ to .+14:00/);
    expect(await mailsTo(p.cleaner.email, seen, 1)).toHaveLength(1);
  });

  it('cover offers are withdrawn once the visit is covered: every cleaner offered it, not the one who took it', async () => {
    const p = await plan({ date: dayAhead(6) });
    const [olly, pia] = [await makeEmployee(s(), { name: 'Olly Offered' }), await makeEmployee(s(), { name: 'Pia Picks' })];
    const [v] = await visitsOf(p.bookingId);
    expect((await s().call('POST', `/api/employee/visits/${String(v._id)}/release`, { token: p.cleaner.token })).status).toBe(200);
    // The offers go out on the job runner.
    await s().mail.waitFor(OFFICE, { timeoutMs: 1 }).catch(() => undefined);
    for (let i = 0; i < 5 && !s().mail.mails.some((m) => m.to === olly.email && /cover|Cover/.test(m.subject)); i++) {
      await s().deps.jobs.tick();
      await s().mail.waitFor(olly.email, { timeoutMs: 300 }).catch(() => undefined);
    }
    await s().mail.waitFor(pia.email, { after: 0 });
    const seen = s().mail.mails.length;
    expect((await s().call('POST', `/api/employee/visits/${String(v._id)}/accept`, { token: pia.token })).status).toBe(200);
    const withdrawn = await mailsTo(olly.email, seen, 1);
    expect(withdrawn).toHaveLength(1);
    expect(withdrawn[0].subject).toMatch(/^No longer open/);
    expect(withdrawn[0].text).toContain('another cleaner has taken it');
    expect((await mailsTo(pia.email, seen, 0)).filter((m) => /No longer open/.test(m.subject))).toHaveLength(0);
  });

  it('a 14-day cancellation tells the plan’s cleaner and the office', async () => {
    const p = await plan({ date: dayAhead(8) });
    const seen = s().mail.mails.length;
    expect((await s().call('POST', `/api/user/bookings/${p.bookingId}/cancel-within-14-days`, { token: p.customer.token })).status).toBe(200);
    const toCleaner = await mailsTo(p.cleaner.email, seen, 1);
    expect(toCleaner).toHaveLength(1);
    expect(toCleaner[0].text).toContain('within the 14-day cancellation period');
    const toOffice = (await mailsTo(OFFICE, seen, 1)).filter((m) => /Cancelled within 14 days/.test(m.subject));
    expect(toOffice).toHaveLength(1);
    // The customer's receipt says what the plan is now.
    const receipt = (await mailsTo(p.customer.email, seen, 1)).filter((m) => /booking cancelled/.test(m.subject));
    expect(receipt).toHaveLength(1);
    expect(receipt[0].text).toMatch(/\nState: [^\n]*(Cancelled|cancelled|Ended|ended)/);
  });
});

describe('not happy → re-clean', () => {
  it('2★ opens a case in the inbox with the comment, tells the office, and the customer books a free re-clean within 48 h once', async () => {
    const p = await plan({ date: dayAhead(2), name: 'Rita Rinse' });
    const [v] = await visitsOf(p.bookingId);
    await vs.setOffset(v.start.getTime() + 2 * 3600_000 - Date.now());
    try {
      expect(
        (await s().call('POST', `/api/employee/bookings/${p.bookingId}/submit-work`, {
          token: p.cleaner.token,
          json: { work_hours: 2.5, completion_notes: 'Done' },
        })).status,
      ).toBe(200);
      const seen = s().mail.mails.length;
      const rated = await s().call('POST', `/api/user/visits/${String(v._id)}/rating`, {
        token: p.customer.token,
        json: { stars: 2, comment: 'Bathroom was missed' },
      });
      expect(rated.status).toBe(201);
      expect(rated.body.message).toContain('re-clean');
      expect(rated.body.reclean_until).toBeTruthy();
      expect(await LowRatingCase.countDocuments({ comment: 'Bathroom was missed' })).toBe(1);
      const toOffice = (await mailsTo(OFFICE, seen, 1)).filter((m) => /2★ rating/.test(m.subject));
      expect(toOffice).toHaveLength(1);
      expect(toOffice[0].text).toContain('Bathroom was missed');

      const until = Date.parse(rated.body.reclean_until);
      const tooLate = await s().call('POST', `/api/user/visits/${String(v._id)}/reclean`, { token: p.customer.token, json: { start: wall(until + 3600_000) } });
      expect(tooLate.status).toBe(400);
      const at = until - 6 * 3600_000;
      const booked = await s().call('POST', `/api/user/visits/${String(v._id)}/reclean`, { token: p.customer.token, json: { start: wall(at) } });
      expect(booked.status).toBe(201);
      const reclean = await Visit.findById(booked.body.visit.id).lean();
      expect(reclean).toMatchObject({ price_pence: 0, state: 'scheduled' });
      expect(String(reclean!.reclean_of)).toBe(String(v._id));
      expect(String(reclean!.employee)).toBe(p.cleaner.id);
      expect((await s().call('POST', `/api/user/visits/${String(v._id)}/reclean`, { token: p.customer.token, json: { start: wall(at - 3600_000) } })).status)
        .toBe(409);
      const toCleaner = (await mailsTo(p.cleaner.email, seen, 1)).filter((m) => m.text.includes('free re-clean'));
      expect(toCleaner).toHaveLength(1);
    } finally {
      await vs.setOffset(0);
    }
  });

  it('4★ opens no case and offers nothing', async () => {
    const p = await plan({ date: dayAhead(2) });
    const [v] = await visitsOf(p.bookingId);
    await Visit.updateOne({ _id: v._id }, { $set: { state: 'completed' } });
    const rated = await s().call('POST', `/api/user/visits/${String(v._id)}/rating`, { token: p.customer.token, json: { stars: 4, comment: 'Fine' } });
    expect(rated.status).toBe(201);
    expect(rated.body.reclean_until).toBeNull();
    expect(
      (await s().call('POST', `/api/user/visits/${String(v._id)}/reclean`, { token: p.customer.token, json: { start: wall(Date.now() + 3 * 3600_000) } }))
        .status,
    ).toBe(409);
  });
});

describe('what was I told', () => {
  it('the customer and the cleaner each list the notices sent to them, newest first, paged; nobody else’s', async () => {
    const p = await plan({ date: dayAhead(9) });
    const visits = await visitsOf(p.bookingId);
    for (const [i, reason] of ['Van broke down', 'Snow'].entries()) {
      const seen = s().mail.mails.length;
      expect(
        (await s().call('PATCH', `/api/admin/visits/${String(visits[i]._id)}`, { token: admin.token, json: { state: 'cancelled', reason, scope: 'this' } }))
          .status,
      ).toBe(200);
      await mailsTo(p.customer.email, seen, 1);
    }
    const mine = await s().call('GET', '/api/user/notices?limit=1', { token: p.customer.token });
    expect(mine.status).toBe(200);
    // The two cancellations, newest first, and before them the receipt of the accepted booking.
    expect(mine.body).toMatchObject({ total: 3, pages: 3, limit: 1 });
    expect(mine.body.notices[0].text).toContain('Snow');
    const second = await s().call('GET', '/api/user/notices?limit=1&page=2', { token: p.customer.token });
    expect(second.body.notices[0].text).toContain('Van broke down');
    const cleaner = await s().call('GET', '/api/employee/notices', { token: p.cleaner.token });
    expect(cleaner.body.notices.map((n: { text: string; }) => n.text).join('\n')).toContain('Snow');
    expect(cleaner.body.notices.every((n: { text: string; }) => !n.text.includes(p.customer.email))).toBe(true);
    expect((await s().call('GET', '/api/user/notices', { token: p.cleaner.token })).status).toBe(401);
    expect((await s().call('GET', '/api/user/notices?limit=1000', { token: p.customer.token })).status).toBe(400);
  });
});

describe('routes send nothing', () => {
  it('no route imports the mailer, notify or a mail-sending module, nor sends a mail itself', () => {
    const root = path.resolve(import.meta.dirname, '../../api/src/routes');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => (statSync(path.join(dir, f)).isDirectory() ? files(path.join(dir, f)) : [path.join(dir, f)]));
    const offenders = files(root).filter((f) =>
      /from '[^']*(?:notify\/mail|notify\/notify|booking-mail|cleaner-mail|schedule-mail|visit-changed)'|mailer\.send|\bsend\w*Mail\(/.test(
        readFileSync(f, 'utf8'),
      )
    );
    expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
  });
});
