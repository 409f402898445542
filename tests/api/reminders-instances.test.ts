// Two whole API instances on one database (the second on the first's embedded engine socket) send each
// of 200 real visit reminders exactly once, counted at the SMTP test server: 200 one-time plans are
// written to the shared database, the second instance's start-up generation makes their visits and
// plans their reminders (due at once: each visit is 30 h ahead), and both instances' runners send them.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonDateAndTime } from '@shared/when';
import { Booking } from '../../api/src/models/Booking';
import { Employee } from '../../api/src/models/Employee';
import { Plan } from '../../api/src/models/Plan';
import { User } from '../../api/src/models/User';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher';

const ROOT = path.resolve(import.meta.dirname, '../..');
const N = 200;
let mail: MailCatcher;
const dirs: string[] = [];
const children = new Set<ChildProcessWithoutNullStreams>();

function startInstance(dataDir: string, env: Record<string, string>): Promise<ChildProcessWithoutNullStreams> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/job-instance.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: mail.url,
      SKIP_PWA_BUILD: '1',
      JWT_SECRET: 'test-secret-of-at-least-32-bytes-reminder-instances',
      MONGODB_URI: '',
      LOG_LEVEL: 'silent',
      JOBS_POLL_MS: '20',
      JOBS_LEASE_MS: '5000',
      ...env,
    },
  });
  children.add(child);
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => (err += String(d)));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += String(d);
      if (/^ready /m.test(out)) resolve(child);
    });
    child.on('exit', () => (children.delete(child), reject(new Error(`instance exited: ${err.slice(-2000)}`))));
  });
}

async function waitUntil(check: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await mongoose.disconnect();
  await mail?.close();
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('reminders across two instances', () => {
  it(`each of ${N} visit reminders is sent exactly once`, { timeout: 240_000 }, async () => {
    const a = await mkdtemp(path.join(tmpdir(), 'sc-remi-'));
    const b = await mkdtemp(path.join(tmpdir(), 'sc-remi-'));
    dirs.push(a, b);
    await startInstance(a, { MAIL_FROM: 'A <a@example.test>' });
    const uri = `mongodb://${encodeURIComponent(path.join(a, 'run', 'engine.sock'))}/sparkleclean?directConnection=true`;
    await mongoose.connect(uri);
    const cleaner = await Employee.create({ email: 'cleo-remi@example.test', name: 'Cleo Twice', role: 'employee', is_active: true });
    const first = londonDateAndTime(Date.now() + 30 * 3600_000)!;
    const users = await User.insertMany(Array.from({ length: N }, (_, i) => ({ email: `remi-${i}@example.test`, name: `Remi ${i}`, role: 'user' })));
    const bookings = await Booking.insertMany(
      users.map((u, i) => ({
        user: u._id,
        reference: `SC-R${String(i).padStart(4, '0')}`,
        propertyType: 'House',
        frequency: 'One-time clean',
        bedrooms: '1',
        bathrooms: '1',
        receptions: '1',
        cleaningType: 'Standard',
        hasCleaner: 'No',
        bestDays: `${first.date}T${first.time}`,
        supplies: 'Please bring supplies and equipment',
        hiringLikelihood: 'Ready to book now',
        postcode: 'SW1A1AA',
        address: `${i} Test Road`,
        status: 'accepted',
        employee: cleaner._id,
      })),
    );
    await Plan.insertMany(bookings.map((bk) => ({ _id: bk._id, user: bk.user, reference: bk.reference, employee: cleaner._id, frequency: 'once', anchor: first.date, time: first.time, days: [], state: 'active', generated_through: '' })));
    const before = mail.mails.length;
    // The second instance generates the visits at start and plans their reminders; both send.
    await startInstance(b, { MAIL_FROM: 'B <b@example.test>', MONGODB_URI: uri });
    const reminders = () => mail.mails.slice(before).filter((m) => m.subject.startsWith('Reminder:'));
    await waitUntil(() => reminders().length >= N, 180_000, `${N} reminders`);
    await new Promise((r) => setTimeout(r, 2000)); // any duplicate would arrive now
    const got = reminders();
    expect(got).toHaveLength(N);
    expect(new Set(got.map((m) => m.to)).size).toBe(N);
    const byInstance = new Map<string, number>();
    for (const m of got) byInstance.set(m.headers.from, (byInstance.get(m.headers.from) ?? 0) + 1);
    console.log('reminders sent per instance:', Object.fromEntries(byInstance));
    expect(byInstance.size).toBe(2);
  });
});
