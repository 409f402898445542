// The job runner across processes: whole API instances in child processes (tests/support/job-instance.ts).
// kill -9 during a claimed job → another start runs it again once, and never after it succeeded;
// two instances on one database (the second on the first's embedded engine socket) send each of
// 200 mails exactly once, counted at the SMTP test server.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher';
import { cleanUpInstances, engineSocketUri, instanceDir, startInstance as spawnInstance, waitUntil } from '../support/instances';

let mail: MailCatcher;

const startInstance = (dataDir: string, env: Record<string, string> = {}) =>
  spawnInstance(dataDir, {
    SMTP_URL: mail.url,
    JWT_SECRET: 'test-secret-of-at-least-32-bytes-jobs-instances',
    JOBS_POLL_MS: '100',
    JOBS_LEASE_MS: '1500',
    ...env,
  });
const tempDir = () => instanceDir('sc-jobi-');

beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await cleanUpInstances();
  await mail?.close();
});

describe('job runner across processes', () => {
  it('kill -9 during a claimed job: it runs again once after restart, and never again after it succeeded', { timeout: 120_000 }, async () => {
    const dataDir = await tempDir();
    const marks = path.join(dataDir, 'marks.txt');
    const lines = () => (existsSync(marks) ? readFileSync(marks, 'utf8').trim().split('\n') : []);
    const first = await startInstance(dataDir);
    await first.schedule([{ key: 'slow:1', kind: 'test-slow', runAt: new Date(), payload: { file: marks, ms: 60_000 } }]);
    await waitUntil(() => lines().includes('start slow:1 1'), 20_000, 'the first run to start');
    first.child.kill('SIGKILL');
    await first.exited;
    expect(lines()).toEqual(['start slow:1 1']);

    // Restarted: the dead instance's lease expires (1.5 s) and the job runs again, once, to the end.
    const second = await startInstance(dataDir);
    await waitUntil(() => lines().includes('done slow:1'), 30_000, 'the second run to finish');
    expect(lines()).toEqual(['start slow:1 1', 'start slow:1 2', 'done slow:1']);
    // Well past several leases and polls: done stays done, also across another kill -9 and start.
    await new Promise((r) => setTimeout(r, 2500));
    second.child.kill('SIGKILL');
    await second.exited;
    const third = await startInstance(dataDir);
    await new Promise((r) => setTimeout(r, 3000));
    expect(lines()).toEqual(['start slow:1 1', 'start slow:1 2', 'done slow:1']);
    third.child.kill('SIGTERM');
    await third.exited;
  });

  it('two instances on one database send each of 200 mails exactly once', { timeout: 180_000 }, async () => {
    const dataDirA = await tempDir();
    const dataDirB = await tempDir();
    const a = await startInstance(dataDirA, { JOBS_POLL_MS: '20' });
    // The second instance talks to the first one's embedded engine through its owner-only socket.
    const b = await startInstance(dataDirB, { JOBS_POLL_MS: '20', MONGODB_URI: engineSocketUri(dataDirA) });
    const before = mail.mails.length;
    const runAt = new Date(Date.now() + 1500); // both are polling when they fall due
    const jobs = Array.from(
      { length: 200 },
      (_, i) => ({ key: `reminder:bulk${i}:48h`, kind: 'test-mail', runAt, payload: { to: 'bulk@example.com', subject: `bulk ${i}` } }),
    );
    // Half scheduled through each instance: scheduling is shared too.
    await Promise.all([a.schedule(jobs.slice(0, 100)), b.schedule(jobs.slice(100))]);
    await waitUntil(() => mail.mails.length - before >= 200, 120_000, '200 mails');
    await new Promise((r) => setTimeout(r, 2000)); // any duplicate would arrive now
    const got = mail.mails.slice(before).filter((m) => m.to === 'bulk@example.com');
    expect(got).toHaveLength(200);
    expect(new Set(got.map((m) => m.subject)).size).toBe(200);
    const byPid = new Map<string, number>();
    for (const m of got) byPid.set(m.text.trim(), (byPid.get(m.text.trim()) ?? 0) + 1);
    // Both instances took part (figures in the commit message).
    console.log('mails sent per instance:', Object.fromEntries(byPid));
    expect(byPid.size).toBe(2);
    b.child.kill('SIGTERM');
    await b.exited;
    a.child.kill('SIGTERM');
    await a.exited;
  });
});
