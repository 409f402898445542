// npm run office -- recount
// Recomputes what the office's figures and searches keep beside each record (a booking's wait for a
// cleaner in minutes, a customer's search words, the timesheets' running totals) from the records themselves, and corrects any that
// differ: after a restore, a hand edit of the database, or a crash between a write and its follow-up.
// Uses the database the server uses (MONGODB_URI, or the embedded engine under DATA_DIR, which a
// running server holds: stop it first). Exit codes: 0 done, 1 usage, 2 database unavailable.
import path from 'node:path';
import { bumpWriteVersion } from '../models/write-version';
import { loadConfig } from '../config';
import { connectDatabase } from '../db';
import { backfillAcceptWaits } from '../services/office/accept-wait';
import { backfillSearchKeys } from '../services/office/customer-search';
import { backfillInboxSearchKeys } from '../services/office/inbox-search';
import { recountSheetTotals } from '../services/office/timesheet-totals';

const USAGE = `Usage: npm run office -- recount

Recomputes every booking's wait for a cleaner, every customer's and inbox record's search words and the
timesheets' running totals per day and month, and corrects those that differ. Uses MONGODB_URI when set,
otherwise the embedded database in DATA_DIR (stop the server first).`;

export async function runOfficeCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  if (argv.length !== 1 || argv[0] !== 'recount') throw Object.assign(new Error(USAGE), { code: 1 });
  const config = loadConfig(env);
  const db = await connectDatabase(config).catch((err: Error) => {
    throw Object.assign(new Error(`Could not open the database (is the server running on ${config.dataDir}? stop it first): ${err.message}`), { code: 2 });
  });
  try {
    // Instances still running (on MONGODB_URI) count their office figures again: a hand edit bypassed the models.
    await bumpWriteVersion('bookings');
    const waits = await backfillAcceptWaits({ all: true });
    const words = await backfillSearchKeys({ all: true });
    const inbox = await backfillInboxSearchKeys({ all: true });
    const sheets = (await recountSheetTotals()).length;
    return `Recounted: ${waits} booking wait(s), ${words} customer search word list(s), ${inbox} inbox search word list(s) and ${sheets} day/month timesheet total(s) corrected.`;
  } finally {
    await db.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  runOfficeCli(process.argv.slice(2)).then(
    (out) => {
      console.log(out);
      process.exit(0);
    },
    (err: Error & { code?: number; }) => {
      console.error(err.message);
      process.exit(err.code ?? 2);
    },
  );
}
