// Upgrading a company's data: a directory in the shape of the release before plans (tests/support/
// legacy-data.ts) started on this release, in real server processes. The server answers at once while
// the data is upgraded in the background; a completed booking gets no visit, job or mail beyond its one
// done visit; an accepted one becomes an active plan with the right first visit (and no reminder for a
// visit inside the reminder lead); a second start changes nothing; a kill -9 in the middle and a restart
// finish with the same result as a run left alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '../../api/src/models/Booking';
import { Job } from '../../api/src/models/Job';
import { Plan } from '../../api/src/models/Plan';
import { Visit } from '../../api/src/models/Visit';
import { PLANS_MARKER } from '../../api/src/services/plans/visits-migrate';
import { dryRunMigrations } from '../../api/src/services/upgrade/dry-run';
import { buildLegacyDataDir, withDataDir, type LegacyBooking } from '../support/legacy-data';
import { cleanUpInstances, instanceDir, startInstance, type Instance } from '../support/instances';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher';

const SHAPE = { customers: 40, accepted: 30, completed: 800, pending: 20 };
let mail: MailCatcher;
let made: LegacyBooking[] = [];
const env = () => ({
  SMTP_URL: mail.url,
  JWT_SECRET: 'upgrade-test-secret-of-at-least-32-bytes',
  JOBS_POLL_MS: '50',
  // A killed instance's lease on the migration job runs out soon, so the restart takes it over.
  JOBS_LEASE_MS: '1500',
  MIGRATION_BATCH: '20',
});

beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await cleanUpInstances();
  await mail?.close();
});

const base = (i: Instance) => i.url.replace('localhost', '127.0.0.1');
async function ready(i: Instance) {
  const res = await fetch(`${base(i)}/api/health/ready`);
  return { status: res.status, body: (await res.json()) as { ok: boolean; upgrading?: { percent: number; message: string; }; } };
}
/** Polls the instance (another process) until its upgrade is done. */
async function upgraded(i: Instance) {
  const deadline = Date.now() + 120_000;
  while ((await ready(i)).body.upgrading) {
    if (Date.now() > deadline) throw new Error('upgrade did not finish');
    await new Promise((r) => setTimeout(r, 100));
  }
}
async function stop(i: Instance) {
  i.child.kill('SIGTERM');
  await i.exited;
}

/** The upgraded data as words (references, not ids, so two directories built alike compare equal). */
async function summary(dataDir: string) {
  return withDataDir(dataDir, async () => {
    const refOf = new Map((await Plan.find({}, { reference: 1 }).lean()).map((p) => [String(p._id), p.reference ?? '']));
    const plans = (await Plan.find({}).lean()).map((p) => `${p.reference} ${p.state} ${p.frequency} ${p.anchor} ${p.time} ${p.generated_through}`).sort();
    const visits = (await Visit.find({}).lean()).map((v) => `${v.reference} ${v.slot} ${v.start.toISOString()} ${v.state} ${v.on_booking ? 'first' : ''}`)
      .sort();
    const jobs = (await Job.find({ kind: 'visit-reminder' }).lean()).map((j) =>
      `${refOf.get(String((j.payload as { planId?: string; }).planId))} ${j.run_at.toISOString()} ${j.state}`
    ).sort();
    const others = (await Job.find({ kind: { $ne: 'visit-reminder' } }, { key: 1, state: 1 }).lean()).map((j) => `${j.key} ${j.state}`).sort();
    const marker = await Booking.db.collection('migrations').findOne({ _id: PLANS_MARKER as never });
    return { plans, visits, jobs, others, marker };
  });
}

describe('upgrading a directory of the release before plans', () => {
  let left: Awaited<ReturnType<typeof summary>>;

  it('answers at once while upgrading, then: completed bookings are history, accepted ones active plans; no mail', async () => {
    const dir = await instanceDir('sc-upgrade-a-');
    made = await buildLegacyDataDir(dir, SHAPE);
    const a = await startInstance(dir, env());
    // The first answers while the migration is still going (850 bookings in batches of 20).
    const first = await ready(a);
    expect(first.status).toBe(200);
    expect(first.body.upgrading?.message).toMatch(/^Upgrading your data: \d+ %$/);
    // The office home reads the same progress from /api/health (one request for its notices).
    const health = (await (await fetch(`${base(a)}/api/health`)).json()) as { upgrading?: { message: string; }; };
    expect(health.upgrading?.message).toMatch(/^Upgrading your data: \d+ %$/);
    const blocked = await fetch(`${base(a)}/api/user/visits`);
    expect(blocked.status).toBe(503);
    expect(blocked.headers.get('retry-after')).toBe('30');
    expect(((await blocked.json()) as { message: string; }).message).toMatch(/^Upgrading your data: \d+ %\. /);
    await upgraded(a);
    await stop(a);
    left = await summary(dir);

    const byRef = new Map(made.map((b) => [b.reference, b]));
    const completed = new Set(made.filter((b) => b.status === 'completed').map((b) => b.reference));
    const accepted = made.filter((b) => b.status === 'accepted');
    expect(left.plans).toHaveLength(SHAPE.accepted + SHAPE.completed);
    for (const line of left.plans) {
      const [ref, state] = line.split(' ');
      expect(state, line).toBe(completed.has(ref) ? 'ended' : 'active');
    }
    // A completed booking: its one done visit, nothing generated, no job.
    const visitsOf = (ref: string) => left.visits.filter((v) => v.startsWith(`${ref} `));
    for (const ref of completed) {
      const visits = visitsOf(ref);
      expect(visits, ref).toHaveLength(1);
      expect(visits[0]).toContain(` ${byRef.get(ref)!.date} `);
      expect(visits[0]).toMatch(/ completed first$/);
    }
    expect(left.jobs.filter((j) => completed.has(j.split(' ')[0]))).toEqual([]);
    // An accepted booking: its first visit on its booked date and time, scheduled; its reminder unless it starts within 48 h.
    for (const b of accepted) {
      const visits = visitsOf(b.reference);
      expect(visits[0], b.reference).toMatch(new RegExp(`^${b.reference} ${b.date} \\S+ scheduled first$`));
      if (b.frequency !== 'One-time clean') expect(visits.length, b.reference).toBeGreaterThan(1);
    }
    const tomorrow = accepted[0];
    const firstStart = visitsOf(tomorrow.reference)[0].split(' ')[2];
    expect(
      left.jobs.filter((j) => j.startsWith(`${tomorrow.reference} `)).some((j) => j.includes(new Date(Date.parse(firstStart) - 48 * 3600_000).toISOString())),
    ).toBe(false);
    expect(left.jobs.some((j) => j.startsWith(`${accepted[1].reference} `))).toBe(true);
    expect(left.marker?.done_at).toBeTruthy();
    // Nobody was told anything.
    expect(mail.mails).toHaveLength(0);

    // A second start changes nothing.
    const again = await startInstance(dir, env());
    expect((await ready(again)).body.upgrading).toBeUndefined();
    expect(((await (await fetch(`${base(again)}/api/health`)).json()) as { upgrading?: unknown; }).upgrading).toBeUndefined();
    await stop(again);
    expect(await summary(dir)).toEqual(left);
  }, 300_000);

  it('a kill -9 in the middle and a restart finish with the same result', async () => {
    const dir = await instanceDir('sc-upgrade-b-');
    await buildLegacyDataDir(dir, SHAPE);
    const b = await startInstance(dir, env());
    // Killed once some batches are recorded and before the end.
    for (let r = await ready(b); !r.body.upgrading || r.body.upgrading.percent < 5; r = await ready(b)) {
      if (!r.body.upgrading) throw new Error('the upgrade ended before the kill: make the fixture larger');
      await new Promise((res) => setTimeout(res, 20));
    }
    b.child.kill('SIGKILL');
    await b.exited;
    const again = await startInstance(dir, env());
    expect((await ready(again)).body.upgrading).toBeTruthy();
    await upgraded(again);
    await stop(again);
    const after = await summary(dir);
    // Every plan, visit and reminder as in the run left alone (the recurring jobs' own keys aside).
    expect(after.plans).toEqual(left.plans);
    expect(after.visits).toEqual(left.visits);
    expect(after.jobs).toEqual(left.jobs);
    expect(mail.mails).toHaveLength(0);
  }, 300_000);

  it('the dry run says what the upgrade would change, on a copy: the original is left as it was', async () => {
    const dir = await instanceDir('sc-upgrade-dry-');
    await buildLegacyDataDir(dir, SHAPE);
    const report = await dryRunMigrations({ ...process.env, DATA_DIR: dir, MONGODB_URI: '', MIGRATION_BATCH: '200' });
    const plans = report.lines.find((l) => l.id === PLANS_MARKER)!;
    expect(plans.seen).toBe(SHAPE.accepted + SHAPE.completed + SHAPE.pending);
    // The same plans, visits and reminders as the upgrade itself made above.
    expect(plans.changes).toEqual({
      plans_active: SHAPE.accepted,
      plans_ended: SHAPE.completed,
      visits: left.visits.length,
      jobs: left.jobs.length,
      messages: 0,
    });
    expect(report.done).toEqual([]);
    const original = await summary(dir);
    expect(original.plans).toEqual([]);
    expect(original.visits).toEqual([]);
    expect(original.marker).toBeNull();
  }, 300_000);
});
