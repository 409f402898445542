// npm run restore -- DIR [--force] [--until 2027-01-05T10:30:00Z]
// Restores a backup into the embedded data dir of DATA_DIR (empty, or --force) or into MONGODB_URI.
// Exit 0 done, 1 refused or failed.
import { parseArgs } from 'node:util';
import path from 'node:path';
import { runTool, withToolDatabase } from '../ops/connect';
import { verifiedManifest } from '../ops/dump-format';
import { embeddedDirIsEmpty, restoreBackup } from '../ops/restore';

const USAGE = `Usage: npm run restore -- DIR [--force] [--until ISO-TIME]

Loads a backup written by npm run backup. Into MONGODB_URI when set (e.g. a replica set you move to),
otherwise into the embedded database of DATA_DIR (default ./data), which must be empty (or --force;
stop the server first). --until replays the changes made after the backup up to that moment.`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { force: { type: 'boolean' }, until: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length !== 1) {
    console.log(USAGE);
    return values.help ? 0 : 1;
  }
  const dir = positionals[0];
  const until = values.until ? new Date(values.until) : undefined;
  if (until && Number.isNaN(until.getTime())) throw new Error(`--until "${values.until}" is not a date and time (e.g. 2027-01-05T10:30:00Z)`);
  // Checked before anything is opened or written: an unfinished or damaged backup is refused here.
  verifiedManifest(dir);
  const env = process.env;
  if (!env.MONGODB_URI && !values.force && !embeddedDirIsEmpty(path.resolve(env.DATA_DIR || './data'))) {
    throw new Error(`DATA_DIR already holds a database: restore into an empty one, or add --force to replace it`);
  }
  return withToolDatabase(env, { ownEngineOnly: true }, async (db) => {
    const r = await restoreBackup(db.client, dir, { force: values.force, until });
    console.log(
      `restored ${r.collections} collections, ${r.documents} documents${until ? `, ${r.replayed} journal changes replayed` : ''}; data as of ${r.restoredTo}`,
    );
    return 0;
  });
}

runTool('restore', main);
