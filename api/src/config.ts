// Every environment variable the API reads, read once and typed.
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { PRIVATE_FILE_MODE, privateDirSync } from './data-dir';
import { parseRegionOverrides, type BankHolidayRegion } from '@shared/bank-holidays';
import { SCHEDULE_MSG } from '@shared/messages-schedule';
import { EMBEDDED_SERVES } from '@shared/constants';
import { RETENTION_DEFAULTS, TOLD_RETENTION_DAYS, type RetentionPeriods } from '@shared/retention';
import { loadPaymentsConfig, type PaymentsConfig } from './config-payments';
import { fieldKeysFor, type FieldKeys } from './lib/field-crypto';

export interface Config {
  port: number;
  host: string;
  mongodbUri?: string;
  engineThread: boolean; // ENGINE_THREAD=off: the embedded engine on the server's own thread (the in-process API tests)
  dataDir: string;
  jwtSecret: string;
  /** FIELD_ENCRYPTION_KEY (or the key generated once into DATA_DIR) sealing homes' access notes, keys and alarm codes. */
  fieldKeys: FieldKeys;
  customerTokenTtl: string;
  employeeTokenTtl: string;
  smtpUrl?: string;
  mailFrom: string;
  /** The company's inbox: where contact, enquiry and job-application notifications go. */
  officeEmail: string;
  /** Whether OFFICE_EMAIL was set (the office's first-run checklist asks for it). */
  officeEmailSet: boolean;
  /** A CV up to this size rides along with the application's notification mail; a larger one is linked. */
  cvAttachMaxBytes: number;
  googleClientId?: string;
  googleJwksUrl: string;
  publicUrl?: string;
  corsOrigins: string[];
  jsonLimit: string;
  cvMaxBytes: number;
  /** CV uploads allowed per IP per day, for the whole site per hour, and at once per instance. */
  cvUploadsPerIpPerDay: number;
  cvUploadsPerHour: number;
  cvUploadsInFlight: number;
  blogImageMaxBytes: number;
  pwaDistDir: string;
  /** How long one public blog list answer is reused (other instances' writes show within this). */
  blogListMaxAgeMs: number;
  /** How long /blog waits for its first page of posts before sending the page without them. */
  blogFirstPageWaitMs: number;
  logLevel: string;
  /**
   * Proxies in front of the app whose X-Forwarded-For entries are trusted (0: none). The client IP is
   * the entry the farthest trusted proxy saw; anything a client writes further left is ignored.
   */
  trustProxyHops: number;
  /** bcrypt cost for passwords (10 in production; tests may lower it through BCRYPT_COST). */
  bcryptCost: number;
  /** Server-side pepper mixed into OTP hashes, so a leaked database alone cannot test codes. */
  otpPepper: string;
  /** First super-admin, invited at start while the team has no active super-admin. */
  adminEmail?: string;
  adminName?: string;
  /**
   * Browser and API tests only: a file holding milliseconds to add to the real clock, so a test can
   * move "now" past a booked time. Unset in production, where the clock is the system's.
   */
  testClockFile?: string;
  /** How often the job runner looks for due jobs (0: never by itself; tests tick it). */
  jobsPollMs: number;
  /** How long a claimed job is held before another instance may take it (renewed while it runs). */
  jobsLeaseMs: number;
  /** Web Push (VAPID) keys: from the environment, or generated once into DATA_DIR/vapid.json. */
  vapid: { publicKey: string; privateKey: string; subject: string; };
  /** Host names (exact, or `*.suffix`) a push subscription's https endpoint may point at. */
  pushEndpointHosts: string[];
  /** Daily backups go here (off when unset); each kept BACKUP_KEEP days. */
  backupDir?: string;
  backupKeepDays: number;
  /** GET /metrics answers only `Authorization: Bearer <this>` (404 when unset). */
  metricsToken?: string;
  /** Past these counts /api/health warns that the embedded database is past what it is measured to serve. */
  sizeWarningAt: { customers: number; bookings: number; };
  /** Plans and visits (README "Plans and visits"): days of visits kept generated ahead (≥ 84, i.e. 12 weeks). */
  visitHorizonDays: number;
  /** London wall time, the day before a visit, after which the customer can no longer change it themselves. */
  visitChangeCutoff: string;
  /** Percent of a visit's price charged for a change after the cut-off (the customer's agreement states it). */
  lateChangeChargePercent: number;
  /** Percent of a late-change charge paid to the visit's cleaner (a pay line on the visit). */
  lateChargeCleanerPercent: number;
  /** How far ahead a cleaner must release a visit they cannot make. */
  visitReleaseHours: number;
  /** How often the visits are topped up to the horizon (besides at start), by the recurring job when visitGenerationJob. */
  visitGenerateEveryMs: number;
  /** Hours before a visit's start its customer is reminded (README "Reminders and live notices"). */
  reminderHoursBefore: number;
  /** London wall time each evening when cleaners get their next day's visits. */
  cleanerEveningAt: string;
  /** Postcode area → bank-holiday region, over shared/bank-holidays.ts's rule (BANK_HOLIDAY_REGIONS=TD=england-and-wales). */
  bankHolidayRegions: Record<string, BankHolidayRegion>;
  /** How long each kind of personal data is kept (shared/retention.ts holds the defaults; README, privacy page). */
  retention: RetentionPeriods;
  /** Days a visit's photos are kept from when they were taken (PHOTO_RETENTION_DAYS), then the retention job removes them. */
  photoRetentionDays: number;
  /** Days a record that a change was told to someone is kept (the once-only keys; shared/retention.ts TOLD_RETENTION_DAYS). */
  toldRetentionDays: number;
  /** Whether each start plans the nightly retention run (off only in tests that count the jobs they run). */
  retentionJob: boolean;
  /** The recurring visit generation job (VISIT_GENERATION_JOB=off: only the pass at start; tests that move the clock by days). */
  visitGenerationJob: boolean;
  /** STARTUP_MIGRATIONS=off: an older release's data is not upgraded (test servers on fresh databases, faster starts). */
  startupMigrations: boolean;
  /** Records a start-up migration reads per batch (smaller: shorter pauses for requests meanwhile). */
  migrationBatch: number;
  /** VAT as a whole percent of each statement line's net (0: the company does not charge VAT). */
  vatPercent: number;
  /** Days after a statement's e-mail before it is overdue. */
  paymentTermsDays: number;
  /** The sales account code the Xero export books cleaning income to. */
  accountsSalesCode: string;
  /** Whether each start plans the monthly statement e-mails (off only in tests that count the mails they send). */
  statementsJob: boolean;
  /** A copy of someone's data with more rows than this is prepared by the job runner and e-mailed as a link. */
  dataExportInlineMaxRows: number;
  /** Card payments through Stripe (config-payments.ts); off without STRIPE_SECRET_KEY. */
  payments: PaymentsConfig;
}

export const DEFAULT_PUSH_ENDPOINT_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
];

/** VAPID keys from the environment (both or neither), else one pair generated once into DATA_DIR (0600). */
function vapidFor(dataDir: string, env: NodeJS.ProcessEnv, mailFrom: string, publicUrl?: string): Config['vapid'] {
  const subject = env.VAPID_SUBJECT || (publicUrl?.startsWith('https:') ? publicUrl : `mailto:${addressOf(mailFrom)}`);
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const file = path.join(dataDir, 'vapid.json');
  if (existsSync(file)) return { ...(JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string; }), subject };
  privateDirSync(dataDir);
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: PRIVATE_FILE_MODE });
  chmodSync(file, PRIVATE_FILE_MODE);
  return { ...keys, subject };
}

const MB = 1024 * 1024;

/** JWT_SECRET when set; otherwise one random secret generated once into DATA_DIR (never hard-coded). */
function jwtSecretFor(dataDir: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  privateDirSync(dataDir);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: PRIVATE_FILE_MODE });
  chmodSync(file, PRIVATE_FILE_MODE);
  return secret;
}

/** The bare address inside a "Name <address>" mail header (or the whole text when it has no brackets). */
export function addressOf(mailbox: string): string {
  const m = /<([^>]+)>/.exec(mailbox);
  return (m ? m[1] : mailbox).trim();
}

/** A size in MB from the environment; anything but a number >= 0 stops start-up with its name. */
function megabytes(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback * MB;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number of megabytes >= 0 (got "${text}")`);
  return Math.floor(n * MB);
}

/** A count from the environment; anything but a whole number >= 0 stops start-up with its name. */
function wholeNumber(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text.trim() === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number >= 0 (got "${text}")`);
  return n;
}

/** A duration in ms from the environment; a value that is not a whole number >= 0 stops start-up with its name. */
function millis(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number of milliseconds >= 0 (got "${text}")`);
  return n;
}

/** A wall time `HH:MM` from the environment; anything else stops start-up with its name. */
function wallTime(name: string, text: string | undefined, fallback: string): string {
  if (text === undefined || text.trim() === '') return fallback;
  if (!/^(?:[01]\d|2[0-3]):[0-5]\d$/.test(text.trim())) throw new Error(`${name} must be a time HH:MM (got "${text}")`);
  return text.trim();
}

function regionOverrides(text: string | undefined): Record<string, BankHolidayRegion> {
  const parsed = parseRegionOverrides(text ?? '');
  if (!parsed) throw new Error(SCHEDULE_MSG.badRegions);
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const jwtSecret = jwtSecretFor(dataDir, env.JWT_SECRET);
  const mailFrom = env.MAIL_FROM || 'SparkleClean <no-reply@sparkleclean.co.uk>';
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST || '0.0.0.0',
    mongodbUri: env.MONGODB_URI || undefined,
    dataDir,
    jwtSecret,
    fieldKeys: fieldKeysFor(dataDir, env),
    customerTokenTtl: env.CUSTOMER_TOKEN_TTL || '7d',
    employeeTokenTtl: env.EMPLOYEE_TOKEN_TTL || '12h',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom,
    officeEmail: env.OFFICE_EMAIL?.trim() || addressOf(mailFrom),
    officeEmailSet: Boolean(env.OFFICE_EMAIL?.trim()),
    cvAttachMaxBytes: megabytes('CV_ATTACH_MAX_MB', env.CV_ATTACH_MAX_MB, 5),
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    googleJwksUrl: env.GOOGLE_JWKS_URL || 'https://www.googleapis.com/oauth2/v3/certs',
    publicUrl: env.PUBLIC_URL || undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminName: env.ADMIN_NAME || undefined,
    corsOrigins: (env.CORS_ORIGINS || '').split(',').map((s) => s.trim()).filter(Boolean),
    jsonLimit: env.JSON_LIMIT || '1mb',
    cvMaxBytes: Number(env.CV_MAX_MB ?? 10) * MB,
    cvUploadsPerIpPerDay: wholeNumber('CV_UPLOADS_PER_IP_DAY', env.CV_UPLOADS_PER_IP_DAY, 10),
    cvUploadsPerHour: wholeNumber('CV_UPLOADS_PER_HOUR', env.CV_UPLOADS_PER_HOUR, 200),
    cvUploadsInFlight: wholeNumber('CV_UPLOADS_IN_FLIGHT', env.CV_UPLOADS_IN_FLIGHT, 4),
    blogImageMaxBytes: Number(env.BLOG_IMAGE_MAX_MB ?? 200) * MB,
    pwaDistDir: path.resolve(env.PWA_DIST_DIR || 'pwa/dist'),
    blogListMaxAgeMs: millis('BLOG_LIST_MAX_AGE_MS', env.BLOG_LIST_MAX_AGE_MS, 1000),
    blogFirstPageWaitMs: millis('BLOG_FIRST_PAGE_WAIT_MS', env.BLOG_FIRST_PAGE_WAIT_MS, 100), // why 100: http/static.ts
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxyHops: wholeNumber('TRUST_PROXY', env.TRUST_PROXY, 0),
    bcryptCost: Math.min(14, Math.max(4, Number(env.BCRYPT_COST ?? 10) || 10)),
    // Without OTP_PEPPER, derive one from the JWT secret (itself never hard-coded).
    testClockFile: env.TEST_CLOCK_FILE || undefined,
    jobsPollMs: millis('JOBS_POLL_MS', env.JOBS_POLL_MS, 2000),
    jobsLeaseMs: Math.max(1000, millis('JOBS_LEASE_MS', env.JOBS_LEASE_MS, 60_000)),
    vapid: vapidFor(dataDir, env, mailFrom, env.PUBLIC_URL),
    pushEndpointHosts: env.PUSH_ENDPOINT_HOSTS
      ? env.PUSH_ENDPOINT_HOSTS.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)
      : DEFAULT_PUSH_ENDPOINT_HOSTS,
    backupDir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : undefined,
    backupKeepDays: wholeNumber('BACKUP_KEEP', env.BACKUP_KEEP, 7),
    metricsToken: env.METRICS_TOKEN || undefined,
    sizeWarningAt: {
      customers: wholeNumber('SIZE_WARNING_CUSTOMERS', env.SIZE_WARNING_CUSTOMERS, EMBEDDED_SERVES.customers),
      bookings: wholeNumber('SIZE_WARNING_BOOKINGS', env.SIZE_WARNING_BOOKINGS, EMBEDDED_SERVES.bookings),
    },
    visitHorizonDays: Math.max(84, wholeNumber('VISIT_HORIZON_DAYS', env.VISIT_HORIZON_DAYS, 91)),
    visitChangeCutoff: wallTime('VISIT_CHANGE_CUTOFF', env.VISIT_CHANGE_CUTOFF, '18:00'),
    lateChangeChargePercent: Math.min(100, wholeNumber('LATE_CHANGE_CHARGE_PERCENT', env.LATE_CHANGE_CHARGE_PERCENT, 50)),
    lateChargeCleanerPercent: Math.min(100, wholeNumber('LATE_CHARGE_CLEANER_PERCENT', env.LATE_CHARGE_CLEANER_PERCENT, 50)),
    visitReleaseHours: wholeNumber('VISIT_RELEASE_HOURS', env.VISIT_RELEASE_HOURS, 48),
    reminderHoursBefore: wholeNumber('REMINDER_HOURS_BEFORE', env.REMINDER_HOURS_BEFORE, 48),
    cleanerEveningAt: wallTime('CLEANER_EVENING_AT', env.CLEANER_EVENING_AT, '18:00'),
    visitGenerateEveryMs: Math.max(60_000, millis('VISIT_GENERATE_EVERY_MS', env.VISIT_GENERATE_EVERY_MS, 6 * 3600_000)),
    bankHolidayRegions: regionOverrides(env.BANK_HOLIDAY_REGIONS),
    retention: {
      messagesMonths: wholeNumber('RETENTION_MESSAGES_MONTHS', env.RETENTION_MESSAGES_MONTHS, RETENTION_DEFAULTS.messagesMonths),
      applicationClosedMonths: wholeNumber(
        'RETENTION_APPLICATION_CLOSED_MONTHS',
        env.RETENTION_APPLICATION_CLOSED_MONTHS,
        RETENTION_DEFAULTS.applicationClosedMonths,
      ),
      applicationMonths: wholeNumber('RETENTION_APPLICATION_MONTHS', env.RETENTION_APPLICATION_MONTHS, RETENTION_DEFAULTS.applicationMonths),
      closedAccountYears: wholeNumber('RETENTION_CLOSED_ACCOUNT_YEARS', env.RETENTION_CLOSED_ACCOUNT_YEARS, RETENTION_DEFAULTS.closedAccountYears),
      timesheetYears: wholeNumber('RETENTION_TIMESHEET_YEARS', env.RETENTION_TIMESHEET_YEARS, RETENTION_DEFAULTS.timesheetYears),
      staffYears: wholeNumber('RETENTION_STAFF_YEARS', env.RETENTION_STAFF_YEARS, RETENTION_DEFAULTS.staffYears),
      outboxDays: wholeNumber('RETENTION_OUTBOX_DAYS', env.RETENTION_OUTBOX_DAYS, RETENTION_DEFAULTS.outboxDays),
      exportLinkDays: Math.max(1, wholeNumber('DATA_EXPORT_LINK_DAYS', env.DATA_EXPORT_LINK_DAYS, RETENTION_DEFAULTS.exportLinkDays)),
    },
    photoRetentionDays: Math.max(1, wholeNumber('PHOTO_RETENTION_DAYS', env.PHOTO_RETENTION_DAYS, 90)),
    toldRetentionDays: Math.max(1, wholeNumber('RETENTION_TOLD_DAYS', env.RETENTION_TOLD_DAYS, TOLD_RETENTION_DAYS)),
    retentionJob: env.RETENTION_JOB !== 'off',
    visitGenerationJob: env.VISIT_GENERATION_JOB !== 'off',
    startupMigrations: env.STARTUP_MIGRATIONS !== 'off',
    engineThread: env.ENGINE_THREAD !== 'off',
    migrationBatch: Math.max(1, wholeNumber('MIGRATION_BATCH', env.MIGRATION_BATCH, 500)),
    vatPercent: Math.min(100, wholeNumber('VAT_RATE_PERCENT', env.VAT_RATE_PERCENT, 0)),
    paymentTermsDays: Math.min(90, Math.max(1, wholeNumber('PAYMENT_TERMS_DAYS', env.PAYMENT_TERMS_DAYS, 14))),
    accountsSalesCode: (env.ACCOUNTS_SALES_CODE || '200').slice(0, 10),
    statementsJob: env.STATEMENTS_JOB !== 'off',
    dataExportInlineMaxRows: wholeNumber('DATA_EXPORT_INLINE_MAX_ROWS', env.DATA_EXPORT_INLINE_MAX_ROWS, 5000),
    payments: loadPaymentsConfig(env),
    otpPepper: env.OTP_PEPPER || createHash('sha256').update(`otp-pepper:${jwtSecret}`).digest('base64url'),
  };
}
