// Two whole API instances on one database (the second on the first's embedded engine socket) send each
// of 200 real visit reminders exactly once, counted at the SMTP test server: 200 one-time plans are
// written to the shared database, the second instance's start-up generation makes their visits and
// plans their reminders (due at once: each visit is 30 h ahead), and both instances' runners send them.
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonDateAndTime } from '@shared/when';
import { Booking } from '../../api/src/models/Booking';
import { Employee } from '../../api/src/models/Employee';
import { Plan } from '../../api/src/models/Plan';
import { User } from '../../api/src/models/User';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher';
import { cleanUpInstances, engineSocketUri, instanceDir, startInstance as spawnInstance, waitUntil } from '../support/instances';

const N = 200;
let mail: MailCatcher;

const startInstance = (dataDir: string, env: Record<string, string>) =>
  spawnInstance(dataDir, {
    SMTP_URL: mail.url,
    JWT_SECRET: 'test-secret-of-at-least-32-bytes-reminder-instances',
    JOBS_POLL_MS: '20',
    JOBS_LEASE_MS: '5000',
    ...env,
  });

beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await mongoose.disconnect();
  await cleanUpInstances();
  await mail?.close();
});

describe('reminders across two instances', () => {
  it(`each of ${N} visit reminders is sent exactly once`, { timeout: 240_000 }, async () => {
    const a = await instanceDir('sc-remi-');
    const b = await instanceDir('sc-remi-');
    await startInstance(a, { MAIL_FROM: 'A <a@example.test>' });
    const uri = engineSocketUri(a);
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
    await Plan.insertMany(
      bookings.map((bk) => ({
        _id: bk._id,
        user: bk.user,
        reference: bk.reference,
        employee: cleaner._id,
        frequency: 'once',
        anchor: first.date,
        time: first.time,
        days: [],
        state: 'active',
        generated_through: '',
      })),
    );
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
