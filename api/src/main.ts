// Entry: config → (PWA build if stale) → database → HTTP server; clean shutdown on SIGINT/SIGTERM.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config';
import { createLogger } from './logger';
import { connectDatabase } from './db';
import { createApp } from './app';
import { createTokenService } from './http/auth';
import { createMailer } from './notify/mail';
import { createFileStore } from './lib/files';
import { buildPwa, pwaBuildIsStale } from './build/pwa-build';
import { bootstrapSuperAdmin } from './services/office/bootstrap';
import { createClock, useServerClock } from './clock';
import { useFieldKeys } from './lib/field-crypto';
import { privateDirSync, tightenDataDir } from './data-dir';
import { createJobRunner } from './jobs/runner';
import { registerJobs, startGenerationPass } from './jobs/index';
import { recordCardPaymentsInTheBooks } from './services/ledger/card-lines';
import { runStartupMigrations } from './services/upgrade/run';
import { createPushSender } from './notify/push';
import { createMetrics } from './ops/metrics';

const root = path.resolve(import.meta.dirname, '../..');

export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  // Before anything starts: a JWT_SECRET too short to be safe stops start-up here, naming the variable.
  const tokens = createTokenService(config.jwtSecret, { customer: config.customerTokenTtl, employee: config.employeeTokenTtl });
  const log = createLogger(config.logLevel);
  useFieldKeys(config.fieldKeys);
  // Owner-only, before anything else is written there: a data dir an older version left readable
  // (folders 0755, files 0644) held the database, mail codes and CVs for every local user to read.
  privateDirSync(config.dataDir);
  const tightened = tightenDataDir(config.dataDir, (file, err) => log.warn({ err, file }, 'could not make a data file owner-only'));
  if (tightened) log.info({ tightened, dataDir: config.dataDir }, 'data dir made owner-only (folders 0700, files 0600)');
  if (env.SKIP_PWA_BUILD !== '1' && pwaBuildIsStale(root, config.pwaDistDir)) {
    log.info('building the PWA (missing or stale)…');
    buildPwa(root);
  }
  const db = await connectDatabase(config);
  const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version as string;
  const metrics = createMetrics();
  const mailer = createMailer(config, log, (result) => metrics.mails.inc({ result }));
  if (config.testClockFile) log.warn({ file: config.testClockFile }, 'test clock in use (TEST_CLOCK_FILE): never set this in production');
  const clock = createClock(config.testClockFile);
  useServerClock(clock);
  const jobs = createJobRunner({ clock, log, pollMs: config.jobsPollMs, leaseMs: config.jobsLeaseMs });
  const deps = {
    config,
    jobs,
    push: createPushSender(config, log, clock),
    log,
    tokens,
    mailer,
    files: createFileStore(db.connection),
    dbKind: db.kind,
    version,
    clock,
    metrics,
    timers: {} as Record<string, () => boolean>,
  };
  // Every job kind and the recurring ones (jobs/index.ts); the runner starts once the server listens.
  await registerJobs(deps, db);
  // Card payments are lines of the books as they happen.
  const stopCardLines = recordCardPaymentsInTheBooks(deps);
  // An older release's data is upgraded in the background, on the runner (services/upgrade/run.ts):
  // this only notes what is left (a few reads) and plans the job, so the server answers within seconds,
  // and what needs the part not done yet says so meanwhile (503, Retry-After).
  await runStartupMigrations(deps, { skip: !config.startupMigrations });
  const server = http.createServer(createApp(deps).callback());
  // Node's 5-minute default would cut off a 200 MB blog image on a slow phone connection.
  server.requestTimeout = 30 * 60_000;
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  try {
    await bootstrapSuperAdmin(deps, config.adminEmail, config.adminName, config.publicUrl ?? url);
  } catch (err) {
    log.error({ err }, 'could not set up the first super-admin from ADMIN_EMAIL');
  }
  // Visits up to the horizon, in the background (a plan made or changed generates its own visits).
  const generation = startGenerationPass(deps);
  // Jobs due while the server was down run now (late), or are dropped when past their point.
  jobs.start();
  return {
    url,
    port,
    deps,
    async close() {
      stopCardLines();
      await jobs.stop();
      await generation;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      mailer.close();
      await db.close();
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const running = await startServer();
  console.log(`SparkleClean is running at ${running.url} (database: ${running.deps.dbKind})`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down…`);
    await running.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
