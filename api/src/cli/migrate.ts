// npm run migrate -- --dry-run
// What upgrading this database would change, before the server is started on it: every pending start-up
// migration run on a copy (the original is only read), with what each changed and how long it took.
// The migrations themselves run in the background when the server starts (README "Upgrading").
import { parseArgs } from 'node:util';
import { runTool } from '../ops/connect';
import { dryRunMigrations } from '../services/upgrade/dry-run';

const USAGE = `Usage: npm run migrate -- --dry-run

Runs every pending start-up migration on a copy of the database (MONGODB_URI when set, otherwise the
embedded database of DATA_DIR, default ./data, running or not) and prints what each would change
(plans made active or ended, visits, reminder jobs, messages) and how long it took. Nothing is changed
in the original: the server runs the migrations itself, in the background, when it starts.`;

async function main(): Promise<number> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { 'dry-run': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help || !values['dry-run']) {
    console.log(USAGE);
    return values.help ? 0 : 1;
  }
  const report = await dryRunMigrations(process.env);
  console.log(`copy of the database made in ${report.copyMs} ms (the original is not changed)`);
  if (!report.lines.length) console.log('nothing to migrate: every migration has run on this database');
  for (const l of report.lines) {
    const changes = Object.entries(l.changes).map(([k, v]) => `${k.replace(/_/g, ' ')}: ${v}`);
    console.log(`${l.id} — ${l.what}: ${l.seen} records looked at, ${changes.join(', ') || 'no change'} (${l.ms} ms)`);
  }
  if (report.done.length) console.log(`already done: ${report.done.join(', ')}`);
  return 0;
}

runTool('migrate', main);
