// Per-visit reminders on the job runner, against the VisitReminderSource interface (the visits service
// will implement it; here a fake in memory), on the server's test clock: sent at 48 h before, not for
// a skipped visit, once for a moved one at its new time, dropped once the visit has begun.
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelVisitReminder, defineVisitReminders, scheduleVisitReminder, type RemindableVisit } from '../../api/src/jobs/visit-reminders';
import { Job } from '../../api/src/models/Job';
import { startTestServer, type TestServer } from '../support/test-server';
import { insertCustomer, type TestCustomer } from '../support/customers';

const H = 60 * 60_000;
let srv: TestServer;
let customer: TestCustomer;
let clockFile: string;
const visits = new Map<string, RemindableVisit>();
const setClock = (ms: number) => writeFile(clockFile, String(ms));

beforeAll(async () => {
  clockFile = path.join(tmpdir(), `sc-visit-reminders-clock-${process.pid}`);
  await setClock(0);
  srv = await startTestServer({ BCRYPT_COST: '4', JOBS_POLL_MS: '0', TEST_CLOCK_FILE: clockFile });
  customer = await insertCustomer(srv);
  // Only this file's jobs run here: the server's recurring ones (jobs/visit-notices.ts) would count in tick().
  await srv.deps.jobs.cancel('late-start-sweep');
  await srv.deps.jobs.cancel('evening-plan');
  defineVisitReminders(srv.deps, {
    visit: async (id) => visits.get(id) ?? null,
    message: async (v) => ({
      subject: `Reminder: your clean on ${v.startsAt.toISOString()}`,
      text: 'Skip or move it until the cut-off.',
      url: `/orders?visit=${v.id}`,
    }),
  });
});
afterAll(async () => {
  await srv?.close();
  await rm(clockFile, { force: true });
});

const reminders = () => srv.mail.mails.filter((m) => m.to === customer.email && m.subject.startsWith('Reminder:'));

describe('visit reminders', () => {
  it('goes out at 48 h before, not before, once', async () => {
    const start = new Date(Date.now() + 72 * H);
    visits.set('v1', { id: 'v1', customerId: customer.id, status: 'scheduled', startsAt: start });
    await scheduleVisitReminder(srv.deps.jobs, visits.get('v1')!, 48 * H);
    await setClock(23 * H);
    expect(await srv.deps.jobs.tick()).toBe(0);
    await setClock(24 * H + 1000);
    expect(await srv.deps.jobs.tick()).toBe(1);
    await srv.mail.waitFor(customer.email, { subject: /Reminder:/ });
    expect(await srv.deps.jobs.tick()).toBe(0);
    expect(reminders()).toHaveLength(1);
  });

  it('is not sent for a skipped visit, whether cancelled or found skipped when it runs', async () => {
    const start = new Date(Date.now() + 24 * H + 72 * H);
    visits.set('v2', { id: 'v2', customerId: customer.id, status: 'scheduled', startsAt: start });
    visits.set('v3', { id: 'v3', customerId: customer.id, status: 'scheduled', startsAt: start });
    await scheduleVisitReminder(srv.deps.jobs, visits.get('v2')!, 48 * H);
    await scheduleVisitReminder(srv.deps.jobs, visits.get('v3')!, 48 * H);
    await cancelVisitReminder(srv.deps.jobs, 'v2');
    visits.set('v3', { ...visits.get('v3')!, status: 'skipped' });
    await setClock(24 * H + 25 * H);
    await srv.deps.jobs.tick();
    await new Promise((r) => setTimeout(r, 300));
    expect(reminders()).toHaveLength(1);
  });

  it('a moved visit is reminded once, at its new time', async () => {
    const start = new Date(Date.now() + 49 * H + 72 * H);
    visits.set('v4', { id: 'v4', customerId: customer.id, status: 'scheduled', startsAt: start });
    await scheduleVisitReminder(srv.deps.jobs, visits.get('v4')!, 48 * H);
    // Moved a day later without the mover rescheduling: the job moves itself when it runs.
    visits.set('v4', { ...visits.get('v4')!, startsAt: new Date(start.getTime() + 24 * H) });
    await setClock(49 * H + 25 * H);
    await srv.deps.jobs.tick();
    expect((await Job.findOne({ key: 'reminder:v4:before' }).lean())?.state).toBe('pending');
    expect(reminders()).toHaveLength(1);
    await setClock(49 * H + 49 * H);
    await srv.deps.jobs.tick();
    await srv.mail.waitFor(customer.email, { subject: new RegExp(visits.get('v4')!.startsAt.toISOString()) });
    await srv.deps.jobs.tick();
    expect(reminders()).toHaveLength(2);
  });

  it('is dropped, not sent late, once the visit has begun', async () => {
    const start = new Date(Date.now() + 100 * H + 72 * H);
    visits.set('v5', { id: 'v5', customerId: customer.id, status: 'scheduled', startsAt: start });
    await scheduleVisitReminder(srv.deps.jobs, visits.get('v5')!, 48 * H);
    await setClock(100 * H + 73 * H); // the server was down until after the start
    await srv.deps.jobs.tick();
    expect((await Job.findOne({ key: 'reminder:v5:before' }).lean())?.state).toBe('dropped');
    expect(reminders()).toHaveLength(2);
  });
});
