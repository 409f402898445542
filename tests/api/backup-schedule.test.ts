// The daily backup's schedule: names sort by time, each run writes one backup and deletes those older
// than BACKUP_KEEP days (and unfinished ones over a day old), a failure is reported and the next run goes on.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupAndPrune, backupName, DAY_MS, pruneBackups } from '../../api/src/ops/schedule';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function aged(dir: string, name: string, days: number, now: Date) {
  mkdirSync(path.join(dir, name));
  const t = new Date(now.getTime() - days * DAY_MS);
  utimesSync(path.join(dir, name), t, t);
}

describe('scheduled backups', () => {
  it('names backups by time and prunes past BACKUP_KEEP days, partial ones after a day', () => {
    expect(backupName(new Date('2027-01-05T03:15:00.123Z'))).toBe('backup-2027-01-05T031500Z');
    const dir = mkdtempSync(path.join(tmpdir(), 'sc-sched-'));
    dirs.push(dir);
    const now = new Date();
    aged(dir, 'backup-old', 8, now);
    aged(dir, 'backup-recent', 6, now);
    aged(dir, 'backup-x.partial-123', 1.5, now);
    aged(dir, 'backup-y.partial-456', 0.5, now);
    aged(dir, 'not-a-backup', 30, now);
    expect(pruneBackups(dir, 7, now).sort()).toEqual(['backup-old', 'backup-x.partial-123']);
    expect(readdirSync(dir).sort()).toEqual(['backup-recent', 'backup-y.partial-456', 'not-a-backup']);
  });

  // The daily run is a job on the runner now (jobs/index.ts), no timer: each run is one backup and a prune.
  it('one run writes a backup named by time and prunes; a failure is reported and the next run goes on', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sc-sched-'));
    dirs.push(dir);
    const outs: string[] = [];
    const errors: string[] = [];
    let fail = true;
    aged(dir, 'backup-old', 8, new Date());
    const once = () =>
      backupAndPrune({
        dir,
        keepDays: 7,
        now: () => new Date(),
        run: async (out) => {
          if (fail) {
            fail = false;
            throw new Error('disk full');
          }
          outs.push(out);
        },
        onError: (e) => errors.push(e.message),
      });
    await once();
    expect(errors).toEqual(['disk full']);
    expect(readdirSync(dir)).toEqual(['backup-old']);
    await once();
    expect(outs).toHaveLength(1);
    expect(path.dirname(outs[0])).toBe(dir);
    expect(path.basename(outs[0])).toMatch(/^backup-\d{4}-\d\d-\d\dT\d{6}Z$/);
    expect(readdirSync(dir)).toEqual([]);
  });
});
