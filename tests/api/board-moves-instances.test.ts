// Two API instances on one database: the office's assign, take-back and cancel of a booking and a
// cleaner's accept, each asked of both at once. One wins (409 for the other) and each person it affects
// is told once, with the booking's state in the shared words; the plan's reminders follow it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Job } from '../../api/src/models/Job';
import { Visit } from '../../api/src/models/Visit';
import { VISIT_REMINDER } from '../../api/src/jobs/visit-reminders';
import type { Instance } from '../support/instances';
import { mailsTo as mailsOf, startTwoInstances, stopTwoInstances } from './two-instances-fixtures';
import type { CaughtMail } from '../support/mail-catcher';
import { makeBooking, makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';
import { dayAhead, type VisitsServer } from './visits-fixtures';

let vs: VisitsServer;
let second: Instance;
let admin: TestEmployee;
beforeAll(async () => {
  ({ vs, second, admin } = await startTwoInstances('sc-board-second-'));
}, 60_000);
afterAll(() => stopTwoInstances(vs));
const mailsTo = (to: string, after: number) => mailsOf(vs, to, after);

const subjects = (mails: CaughtMail[]) => mails.map((m) => m.subject.replace(/ \(.*\)$/, ''));

/** The same POST on both instances at once: their statuses, sorted. */
async function onBoth(path: string, token: string, json: unknown = {}): Promise<number[]> {
  const post = (base: string) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(json) })
      .then((r) => r.status);
  return (await Promise.all([post(vs.s.url), post(second.url)])).sort();
}

const pendingReminders = (bookingId: string) => Job.countDocuments({ kind: VISIT_REMINDER, 'payload.planId': bookingId, state: 'pending' });

async function booking() {
  const customer = await makeCustomer(vs.s, { name: 'Carla Customer' });
  const date = dayAhead(5);
  const id = await makeBooking(customer.id, { bestDays: `${date}T09:00`, scheduledAt: new Date(`${date}T09:00:00Z`) });
  return { customer, id };
}

describe('the office and a cleaner on two instances at once', () => {
  it('assign, then take back: one wins each time, the customer and the cleaner told once each, the reminders follow', async () => {
    const { customer, id } = await booking();
    const cara = await makeEmployee(vs.s, { name: 'Cara Clean' });
    let seen = vs.s.mail.mails.length;
    expect(await onBoth(`/api/admin/bookings/${id}/assign`, admin.token, { employeeId: cara.id })).toEqual([200, 409]);
    const accepted = await mailsTo(customer.email, seen);
    expect(subjects(accepted)).toEqual(['SparkleClean: your booking was accepted']);
    expect(accepted[0].text).toMatch(/State: Weekly, active — next visit \w{3} \d{1,2} \w{3}/);
    const given = await mailsTo(cara.email, seen);
    expect(subjects(given)).toEqual(['SparkleClean: a job for you']);
    expect(given[0].text).toMatch(/State: Weekly, active — next visit/);
    expect(await pendingReminders(id)).toBeGreaterThan(0);

    seen = vs.s.mail.mails.length;
    expect(await onBoth(`/api/admin/bookings/${id}/unassign`, admin.token)).toEqual([200, 409]);
    const returned = await mailsTo(customer.email, seen);
    expect(subjects(returned)).toEqual(['SparkleClean: looking for a new cleaner']);
    expect(returned[0].text).toContain('State: Weekly, requested — waiting for a cleaner');
    expect(subjects(await mailsTo(cara.email, seen))).toEqual(['SparkleClean: a job taken back']);
    expect(await pendingReminders(id)).toBe(0);
  });

  it("a cleaner's accept: one wins, the customer told once", async () => {
    const { customer, id } = await booking();
    const dan = await makeEmployee(vs.s, { name: 'Dan Duster' });
    const seen = vs.s.mail.mails.length;
    expect(await onBoth(`/api/employee/bookings/${id}/accept`, dan.token)).toEqual([200, 409]);
    const mails = await mailsTo(customer.email, seen);
    expect(subjects(mails)).toEqual(['SparkleClean: your booking was accepted']);
    expect(mails[0].text).toContain('Dan Duster');
    expect(mails[0].text).toMatch(/State: Weekly, active — next visit/);
    // One reminder for each visit of the new plan, 48 hours before it, and no other.
    const visits = await Visit.find({ plan: id, state: 'scheduled' }, { start: 1 }).lean();
    const reminders = await Job.find({ kind: VISIT_REMINDER, 'payload.planId': id, state: 'pending' }, { run_at: 1, payload: 1 }).lean();
    expect(visits.length).toBeGreaterThan(1);
    const byVisit = (rows: Array<[string, number]>) => rows.sort((a, b) => a[0].localeCompare(b[0]));
    expect(byVisit(reminders.map((j) => [String((j.payload as { visitId: string; }).visitId), j.run_at.getTime()]))).toEqual(
      byVisit(visits.map((v) => [String(v._id), v.start.getTime() - 48 * 3600_000])),
    );
  });

  it("the office's cancel: one wins, the customer and the cleaner told once, with the plan ended by the office", async () => {
    const { customer, id } = await booking();
    const erin = await makeEmployee(vs.s, { name: 'Erin Employee' });
    expect((await vs.s.call('POST', `/api/employee/bookings/${id}/accept`, { token: erin.token })).status).toBe(200);
    await vs.s.mail.waitFor(customer.email, { subject: /accepted/ });
    const seen = vs.s.mail.mails.length;
    expect(await onBoth(`/api/admin/bookings/${id}/cancel`, admin.token, { reason: 'Cleaner training day' })).toEqual([200, 409]);
    const toCustomer = await mailsTo(customer.email, seen);
    expect(subjects(toCustomer)).toEqual(['SparkleClean: cancelled by us']);
    expect(toCustomer[0].text).toMatch(/State: Weekly, ended on \w{3} \d{1,2} \w{3} by us: Cleaner training day/);
    const toErin = await mailsTo(erin.email, seen);
    expect(subjects(toErin)).toEqual(['SparkleClean: a job cancelled']);
    expect(toErin[0].text).toMatch(/State: Weekly, ended on .* by the office: Cleaner training day/);
    expect(await pendingReminders(id)).toBe(0);
  });
});
