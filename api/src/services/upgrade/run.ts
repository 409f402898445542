// runStartupMigrations: the data of an older release brought up to this one without holding up the
// start. The server listens first; the migrations registered in registry.ts then run in batches as one
// job on the job runner (`startup-migrations`, leased: one instance at a time, taken over after a kill
// once the lease runs out). After each batch the migration's record keeps where it got to, so a
// restart goes on from there and no batch is done twice over (each is safe to redo, see migration.ts).
// Until a migration is done, the answers it `blocks` are 503 with Retry-After (http/upgrade-gate.ts).
import { createClock } from '../../clock';
import type { Config } from '../../config';
import type { Deps } from '../../deps';
import { createJobRunner } from '../../jobs/runner';
import { createLogger } from '../../logger';
import { setUpgradeState, type UpgradeSnapshot } from '../../lib/upgrade-state';
import { markMigrationDone, migrationRecords, saveMigrationProgress, type MigrationRecord } from '../../models/migrations';
import type { Changes, Migration, MigrationContext } from './migration';
import { STARTUP_MIGRATIONS } from './registry';

export const STARTUP_MIGRATIONS_JOB = 'startup-migrations';
/** A run of the job gives way (reschedules itself) after this long, so other jobs take their turn. */
const SLICE_MS = 2000;

type RunDeps = Pick<Deps, 'jobs' | 'clock' | 'config' | 'log'>;

/** What a batch runs with: the server's settings (horizon, reminder lead, batch size), its clock and jobs. */
const contextOf = (deps: Pick<Deps, 'jobs' | 'clock' | 'config'>): MigrationContext => ({
  now: deps.clock.now(),
  horizonDays: deps.config.visitHorizonDays,
  reminderLeadMs: deps.config.reminderHoursBefore * 3600_000,
  batchSize: deps.config.migrationBatch,
  jobs: deps.jobs,
});

/**
 * The same outside a server (the dry run, a bench's seed): its clock, and a job runner that runs nothing,
 * so the reminders a migration plans are only written for the server to send.
 */
export function standaloneContext(config: Config): () => MigrationContext {
  const clock = createClock(config.testClockFile);
  const jobs = createJobRunner({ clock, log: createLogger('silent'), pollMs: 0, leaseMs: config.jobsLeaseMs });
  return () => contextOf({ clock, config, jobs });
}

const add = (a: Changes = {}, b: Changes) =>
  Object.fromEntries([...new Set([...Object.keys(a), ...Object.keys(b)])].map((k) => [k, (a[k] ?? 0) + (b[k] ?? 0)]));

/** The migrations not done yet, with their sizes and records. */
async function pending(list: Migration[]): Promise<Array<{ m: Migration; size: number; rec?: MigrationRecord; }>> {
  const recs = await migrationRecords(list.map((m) => m.id));
  const open = list.filter((m) => !recs.get(m.id)?.done_at);
  return Promise.all(open.map(async (m) => ({ m, size: recs.get(m.id)?.size ?? (await m.size()), rec: recs.get(m.id) })));
}

/** The percent done of `open` (the migrations pending at start) and the answers still blocked, from their records (another instance may be doing the work). */
async function snapshot(open: Array<{ m: Migration; size: number; }>): Promise<UpgradeSnapshot | null> {
  const recs = await migrationRecords(open.map((p) => p.m.id));
  const left = open.filter((p) => !recs.get(p.m.id)?.done_at);
  if (!left.length) return null;
  const total = open.reduce((n, p) => n + p.size, 0);
  const done = open.reduce((n, p) => n + (recs.get(p.m.id)?.done_at ? p.size : Math.min(recs.get(p.m.id)?.seen ?? 0, p.size)), 0);
  return { percent: total ? Math.min(99, Math.floor((done / total) * 100)) : 0, blocks: left.flatMap((p) => p.m.blocks ?? []) };
}

/**
 * Runs one migration's batches until it is done or `until` (ms, performance.now()) has passed; answers
 * whether it is done. Used by the job and by the dry run (which runs to the end).
 */
export async function runMigration(m: Migration, ctx: () => MigrationContext, until = Infinity, onBatch?: (changes: Changes) => void): Promise<boolean> {
  const rec = (await migrationRecords([m.id])).get(m.id);
  if (rec?.done_at) return true;
  const size = rec?.size ?? (await m.size());
  let after = rec?.after ?? null;
  let seen = rec?.seen ?? 0;
  let changes = rec?.changes ?? {};
  while (performance.now() < until) {
    const b = await m.batch(ctx(), after);
    if (!b) {
      // Not marked on an empty database (unless it says so): data copied in later is still migrated.
      if (size > 0 || m.markWhenEmpty) await markMigrationDone(m.id);
      return true;
    }
    after = b.last;
    seen += b.seen;
    changes = add(changes, b.changes);
    onBatch?.(b.changes);
    await saveMigrationProgress(m.id, { after, seen, size, changes });
    // Requests are answered between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return false;
}

/** The job: the pending migrations in order, for a slice of time; then it plans itself again if any are left. */
export function defineStartupMigrations(deps: RunDeps, list: Migration[] = STARTUP_MIGRATIONS): void {
  deps.jobs.define(STARTUP_MIGRATIONS_JOB, async () => {
    const until = performance.now() + SLICE_MS;
    // One with nothing to do here (size 0) is left for a later start, unmarked.
    for (const { m } of (await pending(list)).filter((p) => p.size > 0)) {
      const t0 = performance.now();
      const done = await runMigration(m, () => contextOf(deps), until);
      if (!done) {
        await deps.jobs.schedule({ key: STARTUP_MIGRATIONS_JOB, kind: STARTUP_MIGRATIONS_JOB, runAt: deps.clock.now() });
        return;
      }
      const rec = (await migrationRecords([m.id])).get(m.id);
      deps.log.info({ migration: m.id, changes: rec?.changes, ms: Math.round(performance.now() - t0) }, m.what);
    }
    setUpgradeState(null, null);
  });
}

/**
 * At start, after the server listens: notes which answers wait (for the gate and the probes) and plans
 * the job. `skip` (STARTUP_MIGRATIONS=off, the test servers): runs nothing, but a migration with nothing
 * to do that is marked on an empty database is marked, as a run would.
 */
export async function runStartupMigrations(deps: RunDeps, opts: { skip?: boolean; } = {}, list: Migration[] = STARTUP_MIGRATIONS): Promise<void> {
  const open = await pending(list);
  for (const p of open) if (p.size === 0 && p.m.markWhenEmpty) await markMigrationDone(p.m.id);
  if (opts.skip || !open.some((p) => p.size > 0)) return setUpgradeState(null, null);
  const work = open.filter((p) => p.size > 0);
  setUpgradeState(await snapshot(work), () => snapshot(work));
  // Again from the first batch not recorded, whichever instance ran it before (a done job is planned anew).
  await deps.jobs.schedule({ key: STARTUP_MIGRATIONS_JOB, kind: STARTUP_MIGRATIONS_JOB, runAt: deps.clock.now(), rearmDoneWhere: {} });
  deps.log.info({ migrations: open.filter((p) => p.size > 0).map((p) => p.m.id) }, 'upgrading the data in the background');
}
