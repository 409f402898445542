// Every retention period against the clock its rule uses, each from a fresh start (a new server, its
// own database, the test clock at zero): the clock is first moved on, the record is made through the
// product's own path, and the daily job — run by the job runner — keeps it a day before its period
// ends and removes it a day after. A time written with the real clock instead of the server's would be
// off by the first move and fail one side (a job application closed six months ago kept its CV so).
import { stat } from 'node:fs/promises';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { afterEach, describe, expect, it } from 'vitest';
import { RETENTION_DEFAULTS as R, TOLD_RETENTION_DAYS, monthsBefore } from '@shared/retention';
import { hit } from '../../api/src/lib/rate-limit';
import { RETENTION_JOB } from '../../api/src/jobs/retention';
import { AuditLog } from '../../api/src/models/AuditLog';
import { CareerApplication, CV_BUCKET } from '../../api/src/models/CareerApplication';
import { ContactMessage } from '../../api/src/models/ContactMessage';
import { Employee } from '../../api/src/models/Employee';
import { Enquiry } from '../../api/src/models/Enquiry';
import { IdempotencyKey } from '../../api/src/models/IdempotencyKey';
import { Job } from '../../api/src/models/Job';
import { Plan } from '../../api/src/models/Plan';
import { RateLimit } from '../../api/src/models/RateLimit';
import { Told } from '../../api/src/models/Told';
import { User } from '../../api/src/models/User';
import { createMailer } from '../../api/src/notify/mail';
import { form, makeEmployee, tinyPdf } from './employee-fixtures';
import { acceptedPlan, dayAhead, startVisitsServer, type VisitsServer } from './visits-fixtures';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** How far the clock is moved before each record is made: more than any margin below. */
const FIRST_MOVE = 40 * DAY;

let v: VisitsServer | undefined;
afterEach(async () => {
  await v?.s.close();
  v = undefined;
});

async function fresh(): Promise<VisitsServer> {
  v = await startVisitsServer({ JOBS_POLL_MS: '0', RETENTION_JOB: 'on' });
  await v.setOffset(FIRST_MOVE);
  return v;
}
const clockNow = () => Date.now() + FIRST_MOVE;
const plusMonths = (t: number, months: number) => monthsBefore(new Date(t), -months).getTime();

/** The clock at `at` (an instant on the server's clock), then the job runner's due jobs: the daily retention run among them. */
async function runAt(at: number) {
  await v!.setOffset(at - Date.now());
  const before = await AuditLog.countDocuments({ action: 'retention.run' });
  // The next daily run is brought to `at` (runs a day apart need no change; an hour apart do).
  await Job.updateMany({ kind: RETENTION_JOB, state: 'pending' }, { $set: { run_at: new Date(at) } });
  await v!.s.deps.jobs.tick();
  expect(await AuditLog.countDocuments({ action: 'retention.run' }), 'the retention job ran').toBe(before + 1);
}
async function boundary(end: number, present: () => Promise<boolean>, margin = DAY) {
  await runAt(end - margin);
  expect(await present(), 'a day before its end').toBe(true);
  await runAt(end + margin);
  expect(await present(), 'a day after its end').toBe(false);
}

const apply = async (name: string) => {
  const res = await v!.s.call('POST', '/api/career', {
    body: form({ name, email: `${name.split(' ')[0].toLowerCase()}@example.com`, phone: '', position: 'Cleaner', message: 'x' }, {
      cv: { data: tinyPdf(), name: 'cv.pdf', type: 'application/pdf' },
    }),
  });
  expect(res.status).toBe(201);
  const app = (await CareerApplication.findOne({ name }).lean())!;
  return { id: String(app._id), cv: app.cv!.stored_name };
};
const stored = async (name: string, cv: string) => (await CareerApplication.exists({ name })) !== null && (await v!.s.deps.files.find(CV_BUCKET, cv)) !== null;

describe('each retention period on its own clock, from a fresh start', () => {
  it(`a job application closed by the office: ${R.applicationClosedMonths} months after closing, its CV with it`, async () => {
    await fresh();
    const { id, cv } = await apply('Closed Applicant');
    await v!.setOffset(FIRST_MOVE + 20 * DAY);
    const admin = await makeEmployee(v!.s, { role: 'admin' });
    expect((await v!.s.call('PATCH', `/api/admin/inbox/career/${id}`, { token: admin.token, json: { status: 'handled' } })).status).toBe(200);
    await boundary(plusMonths(clockNow() + 20 * DAY, R.applicationClosedMonths), () => stored('Closed Applicant', cv));
  });

  it(`a job application nobody closed: ${R.applicationMonths} months after receipt`, async () => {
    await fresh();
    const { cv } = await apply('Open Applicant');
    await boundary(plusMonths(clockNow(), R.applicationMonths), () => stored('Open Applicant', cv));
  });

  it(`contact messages and enquiries: ${R.messagesMonths} months after receipt`, async () => {
    await fresh();
    expect((await v!.s.call('POST', '/api/contact', { json: { name: 'Old Contact', email: 'old@example.com', phone: '', message: 'hi' } })).status).toBe(201);
    await Enquiry.create({ name: 'Old Enquiry', email: 'old@example.com', service: 'Regular', consent: true });
    await boundary(
      plusMonths(clockNow(), R.messagesMonths),
      async () => (await ContactMessage.exists({ name: 'Old Contact' })) !== null && (await Enquiry.exists({ name: 'Old Enquiry' })) !== null,
    );
  });

  it(`a deactivated staff member: anonymised ${R.staffYears} years after the office deactivated them`, async () => {
    await fresh();
    const boss = await makeEmployee(v!.s, { role: 'super-admin' });
    const e = await makeEmployee(v!.s, { name: 'Leaving Lee' });
    expect((await v!.s.call('PATCH', `/api/admin/staff/${e.id}`, { token: boss.token, json: { is_active: false } })).status).toBe(200);
    await boundary(plusMonths(clockNow(), R.staffYears * 12), async () => (await Employee.findById(e.id).lean())!.name === 'Leaving Lee');
  });

  it(`a closed customer's remaining plans: ${R.closedAccountYears} years after closing`, async () => {
    await fresh();
    const p = await acceptedPlan(v!.s, { date: dayAhead(45) });
    await User.updateOne({ _id: p.customer.id }, { $set: { passwordHash: await bcrypt.hash('pw-123456', 4) } });
    expect((await v!.s.call('POST', '/api/user/close-account', { token: p.customer.token, json: { password: 'pw-123456' } })).status).toBe(200);
    await boundary(plusMonths(clockNow(), R.closedAccountYears * 12), async () => (await Plan.countDocuments({ user: p.customer.id })) === 1);
  });

  it(`mail outbox copies: ${R.outboxDays} days after writing`, async () => {
    await fresh();
    const outbox = createMailer({ ...v!.s.deps.config, smtpUrl: undefined }, v!.s.deps.log);
    await outbox.send({ to: 'someone@example.com', subject: 'hi', text: 'hello' });
    const dir = path.join(v!.s.dataDir, 'outbox');
    const [file] = await (await import('node:fs/promises')).readdir(dir);
    await boundary(clockNow() + R.outboxDays * DAY, async () => Boolean(await stat(path.join(dir, file)).catch(() => null)));
  });

  it(`the record that a change was told: ${TOLD_RETENTION_DAYS} days after the telling`, async () => {
    await fresh();
    const p = await acceptedPlan(v!.s, { date: dayAhead(45) });
    const told = () => Told.exists({ _id: new RegExp(`^tell:accept:${p.bookingId}:`) });
    expect(await told(), 'the accept told its customer').not.toBeNull();
    await boundary(clockNow() + TOLD_RETENTION_DAYS * DAY, async () => (await told()) !== null);
  });

  it('an idempotency key: a day after its request', async () => {
    await fresh();
    await IdempotencyKey.create({ scope: 'retention-clock', bodyHash: 'b', state: 'done' });
    await boundary(clockNow() + DAY, async () => (await IdempotencyKey.exists({ scope: 'retention-clock' })) !== null, HOUR);
  });

  it('a rate-limit counter of a window still open stays, however far the clock has moved', async () => {
    await fresh();
    const at = clockNow();
    await hit('retention-clock', 'k', 5, HOUR, at);
    const counters = () => RateLimit.countDocuments({ _id: /^retention-clock:k:/ });
    await runAt(at);
    expect(await counters()).toBe(1);
  });
});
