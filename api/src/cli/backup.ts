// npm run backup -- [--out DIR]
// An online, point-in-time backup in mongodump's layout while the server runs (or not). Reaches the
// database as ops/connect.ts says. Without --out: BACKUP_DIR/backup-<time>. Exit 0 done, 1 failed.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runBackup } from '../ops/backup';
import { runTool, withToolDatabase } from '../ops/connect';
import { databaseClock } from '../clock';
import { backupName } from '../ops/schedule';

const USAGE = `Usage: npm run backup -- [--out DIR]

Writes a consistent backup (mongodump's directory layout, restorable with npm run restore or mongorestore).
Uses MONGODB_URI when set, otherwise the embedded database of DATA_DIR (default ./data), running or not.
Without --out it goes to BACKUP_DIR (default DATA_DIR/backups) as backup-<time>.`;

async function main(): Promise<number> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const env = process.env;
  const backupDir = env.BACKUP_DIR || path.join(env.DATA_DIR || './data', 'backups');
  const out = values.out ?? path.join(backupDir, backupName(databaseClock.now()));
  return withToolDatabase(env, {}, async (db) => {
    const r = await runBackup(db.client, db.kind, out, { stepDelayMs: Number(env.BACKUP_TEST_STEP_DELAY_MS) || undefined });
    console.log(
      `backup written to ${r.dir}: ${r.collections} collections, ${r.documents} documents, ${r.bytes} bytes, as of ${r.at.toISOString()} (${r.ms} ms)${
        r.pointInTime ? '' : ' — NOT a single point in time (standalone mongod)'
      }`,
    );
    return 0;
  });
}

runTool('backup', main);
