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
import { createFileStore } from './services/forms/files';
import { buildPwa, pwaBuildIsStale } from './build/pwa-build';
import { bootstrapSuperAdmin } from './services/office/bootstrap';
import { createClock } from './clock';
import { backfillBookings } from './services/bookings/bookings';
import { backfillAcceptWaits } from './services/office/accept-wait';
import { ensureSheetTotals } from './services/office/timesheet-totals';
import { backfillSearchKeys } from './services/office/customer-search';
import { backfillInboxSearchKeys } from './services/office/inbox-search';
import { backfillBlogSlugs } from './services/blog/blog';
import { privateDirSync, tightenDataDir } from './data-dir';
import { createJobRunner } from './jobs/runner';
import { defineRetention, scheduleRetention } from './jobs/retention';
import { defineDataExportJob } from './services/data-rights/export';
import { createPushSender } from './notify/push';
import { countedMailer, createMetrics } from './ops/metrics';
import { startBackupSchedule } from './ops/schedule';
import { migratePlans } from './services/plans/visits-migrate';
import { migrateStates } from './services/plans/states-migrate';
import { startVisitGeneration } from './services/plans/visits-generate';
import { remindNewVisits, startVisitNoticeJobs } from './jobs/visit-notices';
import { startStatementJobs } from './jobs/statements';

const root = path.resolve(import.meta.dirname, '../..');

export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  // Before anything starts: a JWT_SECRET too short to be safe stops start-up here, naming the variable.
  const tokens = createTokenService(config.jwtSecret, { customer: config.customerTokenTtl, employee: config.employeeTokenTtl });
  const log = createLogger(config.logLevel);
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
  const mailer = countedMailer(createMailer(config, log), metrics);
  if (config.testClockFile) log.warn({ file: config.testClockFile }, 'test clock in use (TEST_CLOCK_FILE): never set this in production');
  // Bookings stored before references and booked times existed get them once, before any request.
  const filled = await backfillBookings();
  if (filled) log.info({ filled }, 'bookings given a reference and booked time');
  // Blog posts stored before addresses existed get their /blog/{slug} once, before any request.
  const slugged = await backfillBlogSlugs();
  if (slugged) log.info({ slugged }, 'blog posts given an address');
  const clock = createClock(config.testClockFile);
  const jobs = createJobRunner({ clock, log, pollMs: config.jobsPollMs, leaseMs: config.jobsLeaseMs });
  // Accepted bookings stored before their wait was kept get it once, in the background: the office's
  // figures read the few without one meanwhile, so they are right from the first request.
  void backfillAcceptWaits().then(
    (n) => n && log.info({ n }, 'accepted bookings given their wait in minutes'),
    (err: unknown) => log.error({ err }, 'could not store the waits of accepted bookings'),
  );
  // Customers stored before the office's search words existed get them once, in the background.
  void backfillSearchKeys().then(
    (n) => n && log.info({ n }, 'customers given their search words'),
    (err: unknown) => log.error({ err }, 'could not store the search words of customers'),
  );
  // Inbox records stored before the inbox's search words existed get them once, in the background.
  void backfillInboxSearchKeys().then(
    (n) => n && log.info({ n }, 'inbox records given their search words'),
    (err: unknown) => log.error({ err }, 'could not store the search words of inbox records'),
  );
  // Bookings accepted before plans existed become plans with their visits, once.
  const planned = await migratePlans(clock.now(), config.visitHorizonDays);
  if (planned) log.info({ planned }, 'accepted bookings made into plans of visits');
  if (await migrateStates()) log.info('bookings and plans given their states (cancelled, withdrawn, who ended a plan)');
  // The timesheets' running totals are built once, in the background (lists count the rows meanwhile).
  void ensureSheetTotals().then(
    (n) => n && log.info({ n }, 'timesheet totals built from the submissions'),
    (err: unknown) => log.error({ err }, 'could not build the timesheet totals'),
  );
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
  const backups = startBackupSchedule(deps, db);
  if (backups) deps.timers.backups = () => backups.running;
  // Visits up to the horizon now and on an interval (every instance; the unique index makes it safe).
  // Reminders, evening lists, ratings, late starts (jobs/visit-notices.ts): defined before the first
  // generation pass, which plans the reminders of the visits it creates.
  await startVisitNoticeJobs(deps);
  const stopGeneration = startVisitGeneration(deps, (visits) => remindNewVisits(deps, visits));
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
  // Data rights: the daily retention pass and large exports, on the job runner (issue 30).
  defineRetention(deps);
  defineDataExportJob(deps);
  if (config.retentionJob) await scheduleRetention(deps);
  // The monthly statement e-mails on the 1st (jobs/statements.ts).
  await startStatementJobs(deps, config.statementsJob);
  // Jobs due while the server was down run now (late), or are dropped when past their point.
  jobs.start();
  return {
    url,
    port,
    deps,
    async close() {
      await jobs.stop();
      await stopGeneration();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      backups?.stop();
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
