// The seed brought up to this release, as a company years in has it between releases: every start-up
// migration run to its end by the app's own code (registry.ts), on the seed's open connection. Without
// it the measured server would spend its whole run upgrading the data in the background (homes made
// from 100 000 bookings, and so on), which the upgrade row measures on its own.
import { loadConfig } from '../../../api/src/config';
import { STARTUP_MIGRATIONS } from '../../../api/src/services/upgrade/registry';
import { runMigration, standaloneContext } from '../../../api/src/services/upgrade/run';
import { JWT_SECRET } from './config';

/** Runs every pending start-up migration to its end; answers the seconds it took. */
export async function upgradeSeed(dataDir: string): Promise<number> {
  const t0 = performance.now();
  // The server's own settings (horizon, reminder lead, batch), as it reads them on this data directory;
  // the reminders a migration plans are left for the measured server to send.
  const ctx = standaloneContext(loadConfig({ ...process.env, MONGODB_URI: '', DATA_DIR: dataDir, JWT_SECRET }));
  for (const m of STARTUP_MIGRATIONS) await runMigration(m, ctx);
  return (performance.now() - t0) / 1000;
}
