// The daily backup, a job on the one runner (jobs/index.ts). Each run writes BACKUP_DIR/backup-<time>
// and deletes backups older than BACKUP_KEEP days (and partial ones a killed run left).
import fs from 'node:fs';
import path from 'node:path';
import type mongoose from 'mongoose';
import { runBackup } from './backup';
import { PARTIAL } from './dump-format';
import type { Metrics } from './metrics';
import type { JobRunner } from '../jobs/runner';
import { Job } from '../models/Job';

export const DAY_MS = 24 * 60 * 60_000;

/** backup-2026-11-26T031500Z: sorts by time, valid on every file system. */
export function backupName(at: Date): string {
  return `backup-${at.toISOString().replace(/:/g, '').replace(/\.\d+Z$/, 'Z')}`;
}

/** Removes backups (and unfinished ones) older than keepDays; returns the names removed. */
export function pruneBackups(dir: string, keepDays: number, now: Date): string[] {
  if (!fs.existsSync(dir)) return [];
  const removed: string[] = [];
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith('backup-')) continue;
    const full = path.join(dir, name);
    const age = now.getTime() - fs.statSync(full).mtimeMs;
    const limit = PARTIAL.test(name) ? DAY_MS : keepDays * DAY_MS;
    if (age > limit) {
      fs.rmSync(full, { recursive: true, force: true });
      removed.push(name);
    }
  }
  return removed;
}

/** One backup into `dir` and the prune of old ones (what the daily backup job runs); a failure is reported, not thrown. */
export async function backupAndPrune(
  opts: { dir: string; keepDays: number; now: () => Date; run: (out: string) => Promise<unknown>; onError: (err: Error) => void; },
): Promise<void> {
  try {
    await opts.run(path.join(opts.dir, backupName(opts.now())));
    pruneBackups(opts.dir, opts.keepDays, opts.now());
  } catch (e) {
    opts.onError(e as Error);
  }
}

export const BACKUP_JOB = 'backup';

type BackupDeps = {
  config: { backupDir?: string; backupKeepDays: number; };
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void; };
  clock: { now(): Date; };
  metrics?: Metrics;
  jobs: JobRunner;
};

/**
 * The daily backup when BACKUP_DIR is set, as one job on the runner (so one instance of several writes
 * it): the first a minute after start when the newest backup is over a day old (or none), else a day
 * after the newest; each run plans the next a day later. Answers whether it is defined.
 */
export async function defineBackupJob(deps: BackupDeps, db: { kind: 'embedded' | 'mongodb'; connection: mongoose.Connection; }): Promise<boolean> {
  const dir = deps.config.backupDir;
  if (!dir) return false;
  const next = (at: Date) => deps.jobs.schedule({ key: BACKUP_JOB, kind: BACKUP_JOB, runAt: at });
  deps.jobs.define(BACKUP_JOB, async () => {
    await backupAndPrune({
      dir,
      keepDays: deps.config.backupKeepDays,
      now: () => deps.clock.now(),
      run: async (out) => {
        const r = await runBackup(db.connection.getClient(), db.kind, out);
        deps.metrics?.backups.inc({ result: 'ok' });
        deps.metrics?.lastBackup.set(deps.clock.now().getTime() / 1000);
        deps.log.info({ dir: r.dir, documents: r.documents, ms: r.ms }, 'backup written');
      },
      onError: (err) => {
        deps.metrics?.backups.inc({ result: 'failed' });
        deps.log.error({ err }, 'scheduled backup failed');
      },
    });
    await next(new Date(deps.clock.now().getTime() + DAY_MS));
  });
  if (await Job.exists({ key: BACKUP_JOB, state: 'pending' })) return true;
  const newest = newestBackupMs(dir);
  const now = deps.clock.now().getTime();
  await next(new Date(newest === undefined || now - newest > DAY_MS ? now + 60_000 : newest + DAY_MS));
  return true;
}
function newestBackupMs(dir: string): number | undefined {
  if (!fs.existsSync(dir)) return undefined;
  const times = fs
    .readdirSync(dir)
    .filter((n) => n.startsWith('backup-') && !PARTIAL.test(n))
    .map((n) => fs.statSync(path.join(dir, n)).mtimeMs);
  return times.length ? Math.max(...times) : undefined;
}
