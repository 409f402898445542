// The daily backup: a timer in the server for now (a small function, so it can move onto the job
// runner as one job). Each run writes BACKUP_DIR/backup-<time> and deletes backups older than
// BACKUP_KEEP days (and partial ones a killed run left).
import fs from 'node:fs';
import path from 'node:path';
import { PARTIAL } from './dump-format';

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
