// The retention job with the server's test clock: for each period a row is kept a day
// before it ends and gone a day after (hours for the short windows), GridFS CVs with their
// applications; every run writes its counts to the audit log; the job runs daily on the job runner.
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRetention, scheduleRetention, RETENTION_JOB } from '../../api/src/jobs/retention';
import { AuditLog } from '../../api/src/models/AuditLog';
import { Booking } from '../../api/src/models/Booking';
import { CareerApplication, CV_BUCKET } from '../../api/src/models/CareerApplication';
import { ContactMessage } from '../../api/src/models/ContactMessage';
import { Employee } from '../../api/src/models/Employee';
import { Enquiry } from '../../api/src/models/Enquiry';
import { IdempotencyKey } from '../../api/src/models/IdempotencyKey';
import { Job } from '../../api/src/models/Job';
import { Otp } from '../../api/src/models/Otp';
import { Plan } from '../../api/src/models/Plan';
import { RateLimit } from '../../api/src/models/RateLimit';
import { User } from '../../api/src/models/User';
import { Visit } from '../../api/src/models/Visit';
import { RETENTION_DEFAULTS as R } from '@shared/retention';
import { form, makeBooking, makeCustomer, makeEmployee, tinyPdf } from './employee-fixtures';
import { acceptedPlan, dayAhead, startVisitsServer, type VisitsServer } from './visits-fixtures';

let v: VisitsServer;
const DAY = 86_400_000;
const HOUR = 3_600_000;

beforeAll(async () => {
  v = await startVisitsServer({ JOBS_POLL_MS: '0', RETENTION_JOB: 'on' });
}, 120_000);
afterAll(async () => {
  await v?.setOffset(0);
  await v?.s.close();
});

const plusMonths = (t: number, months: number) => {
  const d = new Date(t);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
};
/** Runs retention with "now" at `at` (a real instant: the test clock's offset is set from it). */
async function runAt(at: number) {
  await v.setOffset(at - Date.now());
  return runRetention(v.s.deps);
}
/** Kept at `end - margin`, gone at `end + margin`: `present` says whether the rows are still there. */
async function boundary(end: number, present: () => Promise<boolean>, margin = DAY) {
  await runAt(end - margin);
  expect(await present(), 'a day before its end').toBe(true);
  await runAt(end + margin);
  expect(await present(), 'a day after its end').toBe(false);
}

describe('each retention period', () => {
  it('codes, idempotency keys and rate-limit counters go once their own window is over', async () => {
    const t0 = Date.now();
    await Otp.create({
      email: 'unverified@example.com',
      purpose: 'signup',
      codeHash: 'h',
      sentAt: new Date(t0),
      expiresAt: new Date(t0 + 10 * 60_000),
      purgeAt: new Date(t0 + DAY),
    });
    await IdempotencyKey.create({ scope: `retention-test:${t0}`, bodyHash: 'b', state: 'done', created_at: new Date(t0) });
    // A counter's expiry is on the database's real time (its TTL index's): one past it goes, one not yet
    // past it stays however far the server's clock is moved.
    await RateLimit.create({ _id: `retention-test:${t0}`, count: 3, expiresAt: new Date(t0 + HOUR) });
    await RateLimit.create({ _id: `retention-test-over:${t0}`, count: 3, expiresAt: new Date(t0 - 1000) });
    await runAt(t0 + 2 * HOUR);
    expect([Boolean(await RateLimit.exists({ _id: `retention-test:${t0}` })), Boolean(await RateLimit.exists({ _id: `retention-test-over:${t0}` }))]).toEqual([
      true,
      false,
    ]);
    const otp = async () => Boolean(await Otp.exists({ email: 'unverified@example.com' }));
    const key = async () => Boolean(await IdempotencyKey.exists({ scope: `retention-test:${t0}` }));
    await boundary(t0 + DAY, async () => (await otp()) && (await key()), HOUR);
    expect([await otp(), await key()]).toEqual([false, false]);
  });

  it(`contact messages and enquiries: ${R.messagesMonths} months`, async () => {
    await v.setOffset(0);
    const t0 = Date.now();
    expect((await v.s.call('POST', '/api/contact', { json: { name: 'Old Contact', email: 'old@example.com', phone: '', message: 'hi' } })).status).toBe(201);
    await Enquiry.create({ name: 'Old Enquiry', email: 'old@example.com', service: 'Regular', consent: true });
    await boundary(
      plusMonths(t0, R.messagesMonths),
      async () => (await ContactMessage.exists({ name: 'Old Contact' })) !== null && (await Enquiry.exists({ name: 'Old Enquiry' })) !== null,
    );
  });

  it(`job applications and their CVs in GridFS: ${R.applicationClosedMonths} months after closing, ${R.applicationMonths} after receipt`, async () => {
    await v.setOffset(0);
    const t0 = Date.now();
    for (const name of ['Closed Applicant', 'Open Applicant']) {
      expect(
        (await v.s.call('POST', '/api/career', {
          body: form({ name, email: `${name.split(' ')[0].toLowerCase()}@example.com`, phone: '', position: 'Cleaner', message: 'x' }, {
            cv: { data: tinyPdf(), name: 'cv.pdf', type: 'application/pdf' },
          }),
        })).status,
      ).toBe(201);
    }
    await CareerApplication.updateOne({ name: 'Closed Applicant' }, { $set: { status: 'handled', handled_at: new Date(t0) } });
    const cvOf = async (name: string) => (await CareerApplication.findOne({ name }).lean())!.cv!.stored_name;
    const [closedCv, openCv] = [await cvOf('Closed Applicant'), await cvOf('Open Applicant')];
    const stored = async (name: string, file: string) =>
      Boolean(await CareerApplication.exists({ name })) && (await v.s.deps.files.find(CV_BUCKET, file)) !== null;
    await boundary(plusMonths(t0, R.applicationClosedMonths), () => stored('Closed Applicant', closedCv));
    expect(await v.s.deps.files.find(CV_BUCKET, closedCv)).toBeNull();
    expect(await stored('Open Applicant', openCv)).toBe(true);
    await boundary(plusMonths(t0, R.applicationMonths), () => stored('Open Applicant', openCv));
    expect(await v.s.deps.files.find(CV_BUCKET, openCv)).toBeNull();
  });

  it(`a closed customer's remaining bookings, plans and visits: ${R.closedAccountYears} years after closing`, async () => {
    await v.setOffset(0);
    const t0 = Date.now();
    const p = await acceptedPlan(v.s, { date: dayAhead(2), name: 'Cleo Closed' });
    await User.updateOne({ _id: p.customer.id }, { $set: { passwordHash: await bcrypt.hash('pw-123456', 4) } });
    expect((await v.s.call('POST', '/api/user/close-account', { token: p.customer.token, json: { password: 'pw-123456' } })).status).toBe(200);
    const rows = async () =>
      (await User.exists({ _id: p.customer.id })) !== null && (await Booking.countDocuments({ user: p.customer.id })) === 1 &&
      (await Plan.countDocuments({ user: p.customer.id })) === 1;
    await boundary(plusMonths(t0, R.closedAccountYears * 12), rows);
    expect(await Visit.countDocuments({ user: p.customer.id })).toBe(0);
    expect(await Booking.countDocuments({ user: p.customer.id })).toBe(0);
  });

  it(`timesheets: ${R.timesheetYears} years after the work; the open customer's booking stays without its hours`, async () => {
    await v.setOffset(0);
    const t0 = Date.now();
    const c = await makeCustomer(v.s);
    const cleaner = await makeEmployee(v.s);
    const bookingId = await makeBooking(c.id, {
      status: 'completed',
      accepted_by: cleaner.id,
      work_submitted: true,
      submitted_work_hours: 3,
      submitted_at: new Date(t0),
      timesheet_status: 'approved',
    });
    const visit = await Visit.create({
      plan: bookingId,
      user: c.id,
      slot: '2026-01-01',
      start: new Date(t0),
      day: '2026-01-01',
      employee: cleaner.id,
      state: 'completed',
      work_submitted: true,
      submitted_work_hours: 2,
      submitted_at: new Date(t0),
    });
    const kept = async () => (await Visit.exists({ _id: visit._id })) !== null && (await Booking.findById(bookingId).lean())!.submitted_work_hours === 3;
    await boundary(plusMonths(t0, R.timesheetYears * 12), kept);
    const b = (await Booking.findById(bookingId).lean())!;
    expect([b.status, b.work_submitted, b.submitted_work_hours, b.submitted_at]).toEqual(['completed', false, undefined, undefined]);
    expect(await User.exists({ _id: c.id })).not.toBeNull();
  });

  it(`a deactivated staff member: anonymised ${R.staffYears} years after their last change`, async () => {
    await v.setOffset(0);
    const t0 = Date.now();
    const e = await makeEmployee(v.s, { name: 'Leaving Lee' });
    await Employee.updateOne({ _id: e.id }, { $set: { is_active: false, phone: '07700 900777' } });
    await boundary(plusMonths(t0, R.staffYears * 12), async () => (await Employee.findById(e.id).lean())!.name === 'Leaving Lee');
    const gone = (await Employee.findById(e.id).lean())!;
    expect([gone.name, gone.email, gone.phone, gone.passwordHash, gone.is_active]).toEqual([
      'Former staff member',
      `former-${e.id}@closed.invalid`,
      undefined,
      undefined,
      false,
    ]);
  });

  it(`mail outbox files: ${R.outboxDays} days`, async () => {
    const dir = path.join(v.s.dataDir, 'outbox');
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${Date.now()}-someone_example.com.eml`);
    await writeFile(file, 'Subject: hi\r\n\r\nhello');
    const t0 = (await stat(file)).mtimeMs;
    await boundary(t0 + R.outboxDays * DAY, async () => Boolean(await stat(file).catch(() => null)));
  });
});

describe('the job', () => {
  it('is planned at start, runs daily at 03:00 London on the job runner, writes its counts to the audit log, and plans the next day', async () => {
    await v.setOffset(0);
    expect(await Job.countDocuments({ kind: RETENTION_JOB, state: 'pending' })).toBe(1);
    await Job.deleteMany({ kind: RETENTION_JOB });
    await scheduleRetention(v.s.deps);
    const [job] = await Job.find({ kind: RETENTION_JOB, state: 'pending' }).lean();
    expect(job.key).toMatch(/^retention:\d{4}-\d{2}-\d{2}$/);
    const auditBefore = await AuditLog.countDocuments({ action: 'retention.run' });
    // Not due yet: a poll leaves it waiting (other recurring jobs, e.g. the late-start sweep, may run).
    await v.s.deps.jobs.tick();
    expect((await Job.findById(job._id).lean())!.state).toBe('pending');
    await v.setOffset(job.run_at.getTime() - Date.now() + 1000);
    expect(await v.s.deps.jobs.tick()).toBeGreaterThanOrEqual(1);
    const entry = await AuditLog.findOne({ action: 'retention.run' }).sort({ at: -1 }).lean();
    expect(await AuditLog.countDocuments({ action: 'retention.run' })).toBe(auditBefore + 1);
    expect(entry!.after).toMatchObject({
      codes: expect.any(Number),
      contact_messages: expect.any(Number),
      cv_files: expect.any(Number),
      outbox_files: expect.any(Number),
    });
    const next = await Job.findOne({ kind: RETENTION_JOB, state: 'pending' }).lean();
    expect(next!.run_at.getTime() - job.run_at.getTime()).toBeGreaterThanOrEqual(23 * HOUR);
    expect(next!.run_at.getTime() - job.run_at.getTime()).toBeLessThanOrEqual(25 * HOUR);
  });
});
