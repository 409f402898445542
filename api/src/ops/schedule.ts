// The daily backup: a timer in the server for now (a small function, so it can move onto the job
// runner as one job). Each run writes BACKUP_DIR/backup-<time> and deletes backups older than
// BACKUP_KEEP days (and partial ones a killed run left).
import fs from 'node:fs';
import path from 'node:path';
import type mongoose from 'mongoose';
import { runBackup } from './backup';
import { PARTIAL } from './dump-format';
import type { Metrics } from './metrics';

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

export interface ScheduledBackup {
  /** Whether the timer is set (the readiness probe checks it). */
  readonly running: boolean;
  /** One backup + prune now (what the timer runs daily). */
  runOnce(): Promise<void>;
  stop(): void;
}

export function scheduleBackups(opts: { dir: string; keepDays: number; now: () => Date; run: (out: string) => Promise<unknown>; onError: (err: Error) => void; intervalMs?: number }): ScheduledBackup {
  let busy = false;
  const runOnce = async () => {
    if (busy) return;
    busy = true;
    try {
      await opts.run(path.join(opts.dir, backupName(opts.now())));
      pruneBackups(opts.dir, opts.keepDays, opts.now());
    } catch (e) {
      opts.onError(e as Error);
    } finally {
      busy = false;
    }
  };
  let timer: NodeJS.Timeout | undefined = setInterval(() => void runOnce(), opts.intervalMs ?? DAY_MS);
  timer.unref();
  return {
    get running() {
      return timer !== undefined;
    },
    runOnce,
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

/** The server's daily backup when BACKUP_DIR is set: first run a minute after start when the newest
 * backup is over a day old (or none), then every 24 h. */
export function startBackupSchedule(
  deps: { config: { backupDir?: string; backupKeepDays: number }; log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void }; clock: { now(): Date }; metrics?: Metrics },
  db: { kind: 'embedded' | 'mongodb'; connection: mongoose.Connection },
): ScheduledBackup | undefined {
  const dir = deps.config.backupDir;
  if (!dir) return undefined;
  const s = scheduleBackups({
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
  const newest = newestBackupMs(dir);
  if (newest === undefined || deps.clock.now().getTime() - newest > DAY_MS) {
    const first = setTimeout(() => void s.runOnce(), 60_000);
    first.unref();
  }
  return s;
}

function newestBackupMs(dir: string): number | undefined {
  if (!fs.existsSync(dir)) return undefined;
  const times = fs
    .readdirSync(dir)
    .filter((n) => n.startsWith('backup-') && !PARTIAL.test(n))
    .map((n) => fs.statSync(path.join(dir, n)).mtimeMs);
  return times.length ? Math.max(...times) : undefined;
}
