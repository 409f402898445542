// The job runner in one process, on the server's clock (TEST_CLOCK_FILE): a job due while the server is
// down runs once after start; a job past its stale time is dropped and logged; failures retry with
// backoff and stop after the kind's attempts; schedule is idempotent by key; cancel.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../api/src/main';
import { Job } from '../../api/src/models/Job';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher';

let dataDir: string;
let clockFile: string;
let mail: MailCatcher;
type Running = Awaited<ReturnType<typeof startServer>>;

const start = () =>
  startServer({
    ...process.env,
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: mail.url,
    SKIP_PWA_BUILD: '1',
    JWT_SECRET: 'test-secret-of-at-least-32-bytes-jobs-runner',
    TEST_CLOCK_FILE: clockFile,
    JOBS_POLL_MS: '0', // the test ticks
    RETENTION_JOB: 'off', // only the jobs this test plans
    VISIT_GENERATION_JOB: 'off',
  });

/** Moves the server's clock to `ms` past the real one. */
const setClock = (ms: number) => writeFile(clockFile, String(ms));

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sc-jobs-'));
  clockFile = path.join(dataDir, 'clock');
  mail = await startMailCatcher();
});
afterAll(async () => {
  await mail?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('job runner', () => {
  let srv: Running;
  const runs: string[] = [];
  const define = async (s: Running) => {
    // Only this file's jobs run here: the server's recurring ones (jobs/visit-notices.ts) would count in tick().
    await s.deps.jobs.cancel('late-start-sweep');
    await s.deps.jobs.cancel('evening-plan');
    s.deps.jobs.define('remind', async (p) => {
      runs.push(String(p.n));
      await s.deps.mailer.send({ to: 'jo@example.com', subject: `reminder ${String(p.n)}`, text: 'x' });
    });
  };

  it('a job due while the server was down runs once, late, after start', async () => {
    await setClock(0);
    srv = await start();
    await define(srv);
    await srv.deps.jobs.schedule({ key: 'reminder:v1:48h', kind: 'remind', runAt: new Date(Date.now() + 60 * 60_000), payload: { n: 1 } });
    expect(await srv.deps.jobs.tick()).toBe(0); // not due yet
    await srv.close();
    // Two hours pass while it is down.
    await setClock(2 * 60 * 60_000);
    srv = await start();
    await define(srv);
    expect(await srv.deps.jobs.tick()).toBe(1);
    expect(await srv.deps.jobs.tick()).toBe(0);
    expect(runs).toEqual(['1']);
    await mail.waitFor('jo@example.com', { subject: /reminder 1/ });
    expect(mail.mails.filter((m) => m.subject === 'reminder 1')).toHaveLength(1);
    const job = await Job.findOne({ key: 'reminder:v1:48h' }).lean();
    expect(job).toMatchObject({ state: 'done', attempts: 1, lease_owner: null });
  });

  it('schedules idempotently by key, leaves a done job done, and cancels', async () => {
    const now = Date.now() + 2 * 60 * 60_000;
    expect(await srv.deps.jobs.schedule({ key: 'reminder:v1:48h', kind: 'remind', runAt: new Date(now), payload: { n: 9 } })).toBe(false);
    await srv.deps.jobs.schedule({ key: 'reminder:v2:48h', kind: 'remind', runAt: new Date(now + 60_000), payload: { n: 2 } });
    await srv.deps.jobs.schedule({ key: 'reminder:v2:48h', kind: 'remind', runAt: new Date(now + 120_000), payload: { n: 3 } });
    expect(await Job.countDocuments({ key: 'reminder:v2:48h' })).toBe(1);
    await srv.deps.jobs.schedule({ key: 'reminder:v3:48h', kind: 'remind', runAt: new Date(now - 1000), payload: { n: 4 } });
    expect(await srv.deps.jobs.cancel('reminder:v3:48h')).toBe(true);
    await setClock(2 * 60 * 60_000 + 90_000);
    expect(await srv.deps.jobs.tick()).toBe(0); // v2 moved to +120 s; v3 cancelled
    await setClock(2 * 60 * 60_000 + 130_000);
    expect(await srv.deps.jobs.tick()).toBe(1);
    expect(runs).toEqual(['1', '3']);
  });

  it('schedules many in one bulk write with the same rules: a done key stays done, the others are planned once', async () => {
    const now = Date.now() + 3 * 60 * 60_000;
    const many = (n: number) =>
      ['reminder:v1:48h', 'bulk:a', 'bulk:b'].map((key) => ({ key, kind: 'remind', runAt: new Date(now + 60 * 60_000), payload: { n } }));
    expect(await srv.deps.jobs.scheduleMany(many(7))).toBe(2);
    expect(await srv.deps.jobs.scheduleMany(many(8))).toBe(2);
    expect(await srv.deps.jobs.scheduleMany([])).toBe(0);
    const jobs = await Job.find({ key: { $in: ['reminder:v1:48h', 'bulk:a', 'bulk:b'] } }).sort({ key: 1 }).lean();
    expect(jobs.map((j) => [j.key, j.state, (j.payload as { n: number; }).n])).toEqual([
      ['bulk:a', 'pending', 8],
      ['bulk:b', 'pending', 8],
      ['reminder:v1:48h', 'done', 1],
    ]);
    for (const key of ['bulk:a', 'bulk:b']) expect(await srv.deps.jobs.cancel(key)).toBe(true);
  });

  it('drops a job past its stale time, and logs it', async () => {
    const warned: unknown[] = [];
    const warn = srv.deps.log.warn.bind(srv.deps.log);
    srv.deps.log.warn = ((obj: unknown, msg?: string) => {
      warned.push([obj, msg]);
      return warn(obj as object, msg);
    }) as typeof srv.deps.log.warn;
    const base = Date.now() + 3 * 60 * 60_000;
    await setClock(3 * 60 * 60_000);
    await srv.deps.jobs.schedule({
      key: 'reminder:v4:48h',
      kind: 'remind',
      runAt: new Date(base - 60_000),
      staleAfter: new Date(base - 1000),
      payload: { n: 4 },
    });
    await srv.deps.jobs.schedule({
      key: 'reminder:v5:48h',
      kind: 'remind',
      runAt: new Date(base - 60_000),
      staleAfter: new Date(base + 60 * 60_000),
      payload: { n: 5 },
    });
    await srv.deps.jobs.tick();
    expect(runs).toEqual(['1', '3', '5']);
    expect((await Job.findOne({ key: 'reminder:v4:48h' }).lean())?.state).toBe('dropped');
    expect(JSON.stringify(warned)).toContain('reminder:v4:48h');
  });

  it('a job rescheduled while it runs is not marked done: it runs again at its new time, once', async () => {
    const seen: string[] = [];
    const base = Date.now() + 3.5 * 60 * 60_000;
    await setClock(3.5 * 60 * 60_000);
    srv.deps.jobs.define('moving', async (p) => {
      seen.push(String(p.v));
      // The visit moves while its reminder is being sent.
      if (p.v === 'old') await srv.deps.jobs.schedule({ key: 'moving:1', kind: 'moving', runAt: new Date(base + 60 * 60_000), payload: { v: 'new' } });
    });
    await srv.deps.jobs.schedule({ key: 'moving:1', kind: 'moving', runAt: new Date(base - 1000), payload: { v: 'old' } });
    expect(await srv.deps.jobs.tick()).toBe(1);
    expect(await Job.findOne({ key: 'moving:1' }).lean()).toMatchObject({ state: 'pending', lease_owner: null, payload: { v: 'new' } });
    await setClock(3.5 * 60 * 60_000 + 61 * 60_000);
    expect(await srv.deps.jobs.tick()).toBe(1);
    expect(await srv.deps.jobs.tick()).toBe(0);
    expect(seen).toEqual(['old', 'new']);
    expect((await Job.findOne({ key: 'moving:1' }).lean())?.state).toBe('done');
  });

  it('retries a failing job with growing backoff, then marks it failed after its attempts', async () => {
    let calls = 0;
    const delays: number[] = [];
    srv.deps.jobs.define(
      'flaky',
      async () => {
        calls++;
        throw new Error(`smtp down ${calls}`);
      },
      { maxAttempts: 3, backoffMs: (n) => (delays.push(n), 60_000 * 2 ** (n - 1)) },
    );
    let offset = 5 * 60 * 60_000;
    await setClock(offset);
    await srv.deps.jobs.schedule({ key: 'flaky:1', kind: 'flaky', runAt: new Date(Date.now() + offset - 1000) });
    expect(await srv.deps.jobs.tick()).toBe(1);
    let job = await Job.findOne({ key: 'flaky:1' }).lean();
    expect(job).toMatchObject({ state: 'pending', attempts: 1 });
    expect(job!.last_error).toContain('smtp down 1');
    const firstRetry = job!.run_at.getTime() - (Date.now() + offset);
    expect(firstRetry).toBeGreaterThan(55_000);
    expect(firstRetry).toBeLessThan(61_000);
    expect(await srv.deps.jobs.tick()).toBe(0); // not before its backoff
    offset += 61_000;
    await setClock(offset);
    expect(await srv.deps.jobs.tick()).toBe(1);
    job = await Job.findOne({ key: 'flaky:1' }).lean();
    expect(job!.run_at.getTime() - (Date.now() + offset)).toBeGreaterThan(115_000); // doubled
    offset += 121_000;
    await setClock(offset);
    expect(await srv.deps.jobs.tick()).toBe(1);
    job = await Job.findOne({ key: 'flaky:1' }).lean();
    expect(job).toMatchObject({ state: 'failed', attempts: 3 });
    expect(calls).toBe(3);
    expect(delays).toEqual([1, 2]);
    offset += 10 * 60 * 60_000;
    await setClock(offset);
    expect(await srv.deps.jobs.tick()).toBe(0);
    await srv.close();
  });
});
