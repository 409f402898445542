// What the pending start-up migrations would change, found by running them on a copy in a throwaway
// embedded engine: the data dir's files copied as they are when no server has it open; otherwise (a
// server running on it, or MONGODB_URI) an online, point-in-time backup restored into it. The original
// is only read: not even opened by an engine here, which would write its index file on close. No mailer and no push exist here: a migration that tried
// to tell anyone would fail, so "messages: 0" is not a promise but the only way it can end.
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { startEngine } from '../../../engine/index';
import { loadConfig } from '../../config';
import { Job } from '../../models/Job';
import { migrationRecords } from '../../models/migrations';
import { runBackup } from '../../ops/backup';
import { withToolDatabase } from '../../ops/connect';
import { restoreBackup } from '../../ops/restore';
import { runMigration, standaloneContext } from './run';
import type { Changes, Migration } from './migration';
import { STARTUP_MIGRATIONS } from './registry';

export interface DryRunLine {
  id: string;
  what: string;
  /** Records it looked at. */
  seen: number;
  changes: Changes;
  ms: number;
}

export interface DryRunReport {
  copyMs: number;
  lines: DryRunLine[];
  /** Migrations already done on this database (nothing to say about them). */
  done: string[];
}

/** Whether a live process holds the embedded data dir (its lock file names a running pid). */
async function engineRunsOn(dbDir: string): Promise<boolean> {
  const pid = Number((await readFile(path.join(dbDir, 'engine.lock'), 'utf8').catch(() => '')).trim());
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs every pending migration to its end on a copy of the database `env` names; the copy is removed after. */
export async function dryRunMigrations(env: NodeJS.ProcessEnv, list: Migration[] = STARTUP_MIGRATIONS): Promise<DryRunReport> {
  const tmp = await mkdtemp(path.join(tmpdir(), 'sc-dry-run-'));
  try {
    const t0 = performance.now();
    const backupDir = path.join(tmp, 'backup');
    const copyDir = path.join(tmp, 'data');
    const dbDir = path.join(path.resolve(env.DATA_DIR || './data'), 'db');
    const copyFiles = !env.MONGODB_URI && !(await engineRunsOn(dbDir));
    if (copyFiles) await cp(dbDir, path.join(copyDir, 'db'), { recursive: true, filter: (src) => path.basename(src) !== 'engine.lock' });
    else await withToolDatabase(env, {}, (db) => runBackup(db.client, db.kind, backupDir));
    const engine = await startEngine({ dataDir: path.join(copyDir, 'db') });
    try {
      const client = await new mongoose.mongo.MongoClient(`${engine.uri}?directConnection=true`).connect();
      if (!copyFiles) await restoreBackup(client, backupDir);
      const { databases } = await client.db('admin').admin().listDatabases({ nameOnly: true });
      let dbName = 'sparkleclean';
      for (const d of databases) if ((await client.db(d.name).listCollections({ name: 'bookings' }).toArray()).length) dbName = d.name;
      await client.close();
      const copyMs = Math.round(performance.now() - t0);
      await mongoose.connect(`${engine.uri}${dbName}?directConnection=true`);
      await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
      // The server's settings (horizon, reminder lead), read with the copy as DATA_DIR: nothing is written beside the original.
      const config = loadConfig({ ...env, MONGODB_URI: '', DATA_DIR: copyDir, JWT_SECRET: 'dry-run-secret-of-at-least-32-bytes-long' });
      const ctx = standaloneContext(config);
      const before = await migrationRecords(list.map((m) => m.id));
      const lines: DryRunLine[] = [];
      const done: string[] = [];
      for (const m of list) {
        if (before.get(m.id)?.done_at) {
          done.push(m.id);
          continue;
        }
        const t1 = performance.now();
        const jobsBefore = await Job.countDocuments({});
        let seen = 0;
        let changes: Changes = {};
        await runMigration(m, ctx, Infinity, (c) => {
          changes = Object.fromEntries([...new Set([...Object.keys(changes), ...Object.keys(c)])].map((k) => [k, (changes[k] ?? 0) + (c[k] ?? 0)]));
        });
        seen = (await migrationRecords([m.id])).get(m.id)?.seen ?? 0;
        if ('jobs' in changes) changes.jobs = (await Job.countDocuments({})) - jobsBefore;
        lines.push({ id: m.id, what: m.what, seen, changes, ms: Math.round(performance.now() - t1) });
      }
      await mongoose.disconnect();
      return { copyMs, lines, done };
    } finally {
      await engine.close();
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
