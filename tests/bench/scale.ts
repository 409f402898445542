// npm run bench:scale — the product at the size of a company years in: customers / bookings in steps,
// 30 employees, 200 blog posts, images and CVs in GridFS. Per step: server RSS, start-up time, p50/p99
// at 10 connections and answer size of the main routes, beside /api/health probed every 100 ms
// throughout (and separately while the engine writes a snapshot in the background).
// Targets at 50k/500k with 500 MB of files: route p99 <= 100 ms, answers <= 100 KB on the wire (compressed as a browser asks), RSS <= 1.5 GB,
// start-up <= 10 s, health p99 <= 50 ms.
// Env: SCALE_STEPS="1000:10000,10000:100000,50000:500000" (customers:bookings), SCALE_FILES_MB=500,
// SCALE_SECONDS=5 (per route), SCALE_KEEP=1 keeps the data directories. Each step first upgrades a
// directory of the release before plans of its size (scale-upgrade.ts; SCALE_ONLY=upgrade: that row alone).
// While working on one route: SCALE_DATA=DIR seeds one step into DIR once and reuses it on the next runs
// (the server's own writes stay in it), and SCALE_ONLY=<regex> measures only the routes whose label
// matches (skipping the compaction, restart and health-during rows unless 'health' matches, and the
// generation pass's row unless 'generation' does; with SCALE_DATA, 'generation' first sets the plans back a
// day so each run's start pass does a daily pass's work: SCALE_ONLY='generation' measures it alone). The
// first answers after start-up are those of the routes it picks, or of every route when 'first answers' matches.
// SCALE_NODE_ARGS="--trace-gc" adds node flags before the start script's; SCALE_SERVER_LOG=FILE keeps the server's output.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import bcrypt from 'bcryptjs';
import mongoose from 'mongoose';
import { startEngine } from '../../api/engine/index';
import { createTokenService } from '../../api/src/http/auth';
import { BlogPost } from '../../api/src/models/BlogPost';
import { BLOG_BUCKET } from '../../api/src/services/blog/post-view';
import { Booking } from '../../api/src/models/Booking';
import { CV_BUCKET } from '../../api/src/models/CareerApplication';
import { Employee } from '../../api/src/models/Employee';
import { User, customerSearchKeys } from '../../api/src/models/User';
import { BACKFILL_MARKER } from '../../api/src/services/bookings/bookings';
import { ACCEPT_WAIT_MARKER } from '../../api/src/services/office/accept-wait';
import { SEARCH_KEYS_MARKER } from '../../api/src/services/office/customer-search';
import { csvYear, healthDuring, officeRoutes, seedOffice } from './scale-office';
import { restartFigures } from './scale-restart';
import { upgradeRow } from './scale-upgrade';
import { duringGeneration, rewindOneDay, seedVisits, visitRoutes, type VisitsSeeded } from './scale-visits';

const root = path.resolve(import.meta.dirname, '../..');
const STEPS = (process.env.SCALE_STEPS ?? '1000:10000,10000:100000,50000:500000').split(',').map((s) => s.split(':').map(Number) as [number, number]);
const FILES_MB = Number(process.env.SCALE_FILES_MB ?? 500);
const SECONDS = Number(process.env.SCALE_SECONDS ?? 5);
const EMPLOYEES = 30;
const POSTS = 200;
const JWT_SECRET = `scale-bench-secret-of-at-least-32-bytes-${process.pid}`;
const { ObjectId } = mongoose.mongo;
// 'rejected' is what an office cancellation leaves.
const STATUSES = ['pending', 'accepted', 'completed', 'rejected'] as const;

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

interface Seeded {
  customer: string;
  employee: string;
  pending: string[];
  image: string;
  admin: string;
  /** The cleaner with a tenth of all bookings (besides their share of the rest). */
  heavy: string;
  visits: VisitsSeeded;
}

async function upload(bucket: mongoose.mongo.GridFSBucket, name: string, bytes: Buffer, contentType: string) {
  await new Promise<void>((resolve, reject) => {
    const up = bucket.openUploadStream(name, { metadata: { contentType } });
    up.on('finish', () => resolve()).on('error', reject);
    up.end(bytes);
  });
}

/** Writes a step's data straight into the engine's data directory, before the server opens it. */
async function seed(dataDir: string, customers: number, bookings: number): Promise<Seeded> {
  const engine = await startEngine({ dataDir: path.join(dataDir, 'db'), port: 0 });
  await mongoose.connect(`${engine.uri}sparkleclean?directConnection=true`);
  await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
  const hash = await bcrypt.hash('scale-pass-1', 4);
  const emps = Array.from(
    { length: EMPLOYEES },
    (_, i) => ({
      _id: new ObjectId(),
      email: `cleaner${i}@scale.test`,
      name: `Cleaner ${i}`,
      passwordHash: hash,
      role: 'employee',
      is_active: true,
      tokenVersion: 0,
    }),
  );
  const admin = { _id: new ObjectId(), email: 'admin@scale.test', name: 'Office Admin', passwordHash: hash, role: 'admin', is_active: true, tokenVersion: 0 };
  await Employee.collection.insertMany([...emps, admin]);
  const now = Date.now();
  const joined = (i: number) => new Date(now - (customers - i) * ((3 * 365 * 86400_000) / customers));
  const users = Array.from({ length: customers }, (_, i) => ({
    _id: new ObjectId(),
    email: `c${i}@scale.test`,
    name: `Customer ${i}`,
    passwordHash: hash,
    phone: '07700 900123',
    address: `${i} High Street, London`,
    role: 'user',
    tokenVersion: 0,
    blocked: i % 500 === 7 ? true : undefined,
    search_keys: customerSearchKeys({ name: `Customer ${i}`, email: `c${i}@scale.test`, phone: '07700 900123' }),
    created_at: joined(i),
    updated_at: joined(i),
  }));
  for (let i = 0; i < users.length; i += 5000) await User.collection.insertMany(users.slice(i, i + 5000));
  const pending: string[] = [];
  const heavy = emps[EMPLOYEES - 1]._id;
  for (let i = 0; i < bookings; i += 5000) {
    const batch = [];
    for (let j = i; j < Math.min(bookings, i + 5000); j++) {
      // Mostly history: 1 % pending, 4 % accepted, 90 % completed, 5 % cancelled.
      const r = j % 100;
      const status = r === 0 ? STATUSES[0] : r <= 4 ? STATUSES[1] : r <= 9 ? STATUSES[3] : STATUSES[2];
      const created = new Date(now - (bookings - j) * 60_000);
      const emp = j % 10 === 3 ? heavy : emps[j % EMPLOYEES]._id;
      const worked = status === 'accepted' || status === 'completed';
      const _id = new ObjectId();
      if (status === 'pending') pending.push(String(_id));
      batch.push({
        _id,
        user: users[j % customers]._id,
        reference: `SC-${j.toString(36).toUpperCase()}`,
        scheduledAt: new Date(created.getTime() + 7 * 86400_000),
        propertyType: 'House',
        frequency: 'Weekly',
        bedrooms: '3',
        bathrooms: '2',
        receptions: '1',
        cleaningType: 'Standard',
        hasCleaner: 'No, this is my first time',
        bestDays: created.toISOString().slice(0, 16),
        supplies: 'Please bring supplies and equipment',
        hiringLikelihood: 'Ready to book now',
        postcode: 'EC1A1BB',
        address: `${j % customers} High Street, London`,
        phone: '07700 900123',
        status,
        accepted_by: worked ? emp : null,
        accepted_at: worked ? new Date(created.getTime() + 3600_000) : undefined,
        accept_wait_min: worked ? 60 : undefined,
        declined_by: j % 7 === 0 ? [emps[(j + 1) % EMPLOYEES]._id] : [],
        work_submitted: status === 'completed',
        submitted_work_hours: status === 'completed' ? 2 + (j % 5) * 0.5 : undefined,
        submitted_at: status === 'completed' ? new Date(created.getTime() + 8 * 86400_000) : undefined,
        // The office's review: approved once a fortnight old, a few queried, the recent ones waiting.
        timesheet_status: status === 'completed'
          ? (j % 50 === 11 ? 'queried' : now - created.getTime() > 22 * 86400_000 ? 'approved' : 'submitted')
          : undefined,
        cancelled_at: status === 'rejected' ? new Date(created.getTime() + 2 * 86400_000) : undefined,
        cancel_reason: status === 'rejected' ? 'Customer asked' : undefined,
        created_at: created,
        updated_at: created,
      });
    }
    await Booking.collection.insertMany(batch);
  }
  // Every booking has its reference, as in a database the app has started on before: the start-up
  // backfill's marker says so (the one-off scan is not what a restart of such a database costs).
  await mongoose.connection.db!.collection<{ _id: string; done_at: Date; }>('migrations').insertMany(
    [BACKFILL_MARKER, ACCEPT_WAIT_MARKER, SEARCH_KEYS_MARKER].map((_id) => ({ _id, done_at: new Date() })),
  );
  // Files: images of 2 MB (one per post while they last) and CVs of 1 MB, FILES_MB in all.
  const images = Math.floor((FILES_MB * 0.8) / 2);
  const cvs = Math.max(0, FILES_MB - images * 2);
  const db = mongoose.connection.db!;
  const imageBytes = Buffer.alloc(2 * 1024 * 1024, 0x5a);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(imageBytes);
  const blog = new mongoose.mongo.GridFSBucket(db, { bucketName: BLOG_BUCKET });
  // Names as the app generates them (32 hex digits), or the image route answers 404.
  const names = Array.from({ length: images }, () => randomBytes(16).toString('hex') + '.png');
  for (const name of names) await upload(blog, name, imageBytes, 'image/png');
  const cvBucket = new mongoose.mongo.GridFSBucket(db, { bucketName: CV_BUCKET });
  const cv = Buffer.alloc(1024 * 1024, 0x25);
  for (let i = 0; i < cvs; i++) await upload(cvBucket, `cv-${i}.pdf`, cv, 'application/pdf');
  await BlogPost.collection.insertMany(
    Array.from({ length: POSTS }, (_, i) => ({
      title: `Cleaning tip ${i}`,
      title_key: `cleaning tip ${i}`,
      content: `A practical paragraph about keeping a home clean, with detail. `.repeat(60),
      image_path: names[i],
      image_type: i < images ? 'image/png' : undefined,
      author: emps[i % EMPLOYEES]._id,
      created_at: new Date(now - (POSTS - i) * 86400_000),
      updated_at: new Date(now - (POSTS - i) * 86400_000),
    })),
  );
  await seedOffice(admin._id, customers, bookings, now);
  const visits = await seedVisits(users, emps, now);
  await mongoose.disconnect();
  await engine.close();
  return {
    customer: String(users[0]._id),
    employee: String(emps[0]._id),
    pending,
    image: names[0] ?? '',
    admin: String(admin._id),
    heavy: String(heavy),
    visits,
  };
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** Probes /api/health every 100 ms; samples taken while a snapshot is being written are kept apart. */
function healthProbe(base: () => string | undefined, dbDir: string) {
  const normal: number[] = [];
  const compacting: number[] = [];
  let failures = 0;
  const timer = setInterval(() => {
    const url = base();
    if (!url) return;
    const during = fs.existsSync(path.join(dbDir, 'snapshot.bson.tmp'));
    const t0 = performance.now();
    fetch(url + '/api/health').then(
      async (r) => {
        await r.arrayBuffer();
        const ms = performance.now() - t0;
        if (!r.ok) failures++;
        (during || fs.existsSync(path.join(dbDir, 'snapshot.bson.tmp')) ? compacting : normal).push(ms);
      },
      () => failures++,
    );
  }, 100);
  return { normal, compacting, failures: () => failures, stop: () => clearInterval(timer) };
}

// A bench that dies (an uncaught error) must not leave its server holding the data directory's lock.
const servers = new Set<ChildProcess>();
process.on('exit', () => servers.forEach((c) => c.kill('SIGTERM')));

function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string; ms: number; output: () => string; }> {
  // info: the visit generation pass logs its time (no request is logged at info).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET,
    SKIP_PWA_BUILD: '1',
    LOG_LEVEL: 'info',
  };
  delete env.MONGODB_URI;
  delete env.SMTP_URL;
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    // As `npm start` runs it: the node arguments of package.json's start script.
    // SCALE_NODE_ARGS (e.g. "--trace-gc") go before them, to look into one run.
    let start = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string; }; }).scripts.start.trim().split(/\s+/)
      .slice(1);
    // SCALE_START_FLAGS replaces the start script's V8 flags (those before --import), so the same data
    // can be measured with other GC settings without editing package.json ("" = no flag at all).
    if (process.env.SCALE_START_FLAGS !== undefined) {
      start = [...process.env.SCALE_START_FLAGS.split(/\s+/).filter(Boolean), ...start.slice(start.indexOf('--import'))];
    }
    const args = [...(process.env.SCALE_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []), ...start];
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    servers.add(child);
    child.once('exit', () => servers.delete(child));
    // SCALE_SERVER_LOG=FILE keeps the server's whole output (a GC trace, say).
    if (process.env.SCALE_SERVER_LOG) {
      const log = fs.createWriteStream(process.env.SCALE_SERVER_LOG, { flags: 'a' });
      child.stdout!.pipe(log);
      child.stderr!.pipe(log);
    }
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start in 10 min:\n${out}`)), 600_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1].replace('localhost', '127.0.0.1'), ms: performance.now() - t0, output: () => out });
      }
    });
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
}

/** A client of the server's embedded engine, on its owner-only socket in the data directory. */
const engineClient = (dataDir: string) =>
  new mongoose.mongo.MongoClient(`mongodb://${encodeURIComponent(path.join(dataDir, 'run', 'engine.sock'))}/?directConnection=true`);

/** Times one request to each route, one after the other, as soon as the server answers. */
async function timeFirst(base: string, routes: [string, string, Record<string, string>][]): Promise<string> {
  const out: string[] = [];
  for (const [label, url, headers] of routes) {
    const t0 = performance.now();
    const r = await fetch(base + url, { headers });
    await r.arrayBuffer();
    out.push(`${label} ${(performance.now() - t0).toFixed(0)} ms (${r.status})`);
  }
  return out.join(', ');
}

/** Waits until the engine reports its background index work done (serverStatus), and returns how long it took. */
async function indexesReady(dataDir: string): Promise<number> {
  const client = engineClient(dataDir);
  try {
    await client.connect();
    for (;;) {
      const s = await client.db('admin').command({ serverStatus: 1 });
      const ms = (s.embedded as { indexesReadyMs?: number | null; } | undefined)?.indexesReadyMs;
      if (typeof ms === 'number') return ms;
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await client.close();
  }
}

async function snapshotDone(dbDir: string): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (fs.existsSync(path.join(dbDir, 'snapshot.bson.tmp')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
}

/** Asks the server's engine (on its owner-only socket) for a snapshot and probes health every 20 ms until it is written. */
async function compactWhileProbing(dataDir: string, dbDir: string, base: string): Promise<{ ms: number; probes: number[]; }> {
  const client = engineClient(dataDir);
  const probes: number[] = [];
  try {
    await client.connect();
    const t0 = performance.now();
    await client.db('sparkleclean').command({ compact: 'bookings' });
    do {
      const p0 = performance.now();
      const r = await fetch(base + '/api/health');
      await r.arrayBuffer();
      probes.push(performance.now() - p0);
      await new Promise((r) => setTimeout(r, 20));
    } while (fs.existsSync(path.join(dbDir, 'snapshot.bson.tmp')) && performance.now() - t0 < 300_000);
    return { ms: performance.now() - t0, probes };
  } finally {
    await client.close();
  }
}

interface RouteResult {
  label: string;
  p50: number;
  p99: number;
  rps: number;
  bytes: number;
  non2xx: number;
  errors: number;
}

/** The bytes of one answer as they came over the connection (fetch would hand them over decompressed). */
function wireBytes(url: string, method: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      let n = 0;
      res.on('data', (c: Buffer) => (n += c.length));
      res.on('end', () => resolve(n));
    });
    req.on('error', reject);
    req.end();
  });
}

async function measure(label: string, url: string, opts: { headers?: Record<string, string>; method?: string; paths?: string[]; }): Promise<RouteResult> {
  // The answer size on the wire, as a browser asks (brotli or gzip): the largest of the paths (each asked
  // once; an accept's first path only, it writes). The ≤ 100 KB budget is judged on these bytes.
  const headers = { 'Accept-Encoding': 'br, gzip', ...opts.headers };
  let bytes = 0;
  for (const p of opts.method === 'POST' ? [opts.paths?.[0] ?? ''] : (opts.paths ?? [''])) {
    bytes = Math.max(bytes, await wireBytes(url + p, opts.method ?? 'GET', headers));
  }
  // A random start: a rerun on reused data (SCALE_DATA) mostly meets bookings an earlier run left pending.
  let next = 1 + Math.floor(Math.random() * (opts.paths?.length ?? 1));
  const r = await autocannon({
    url,
    connections: 10,
    duration: SECONDS,
    method: (opts.method ?? 'GET') as 'GET',
    headers,
    ...(opts.paths
      ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: opts.paths![next++ % opts.paths!.length] }) }] }
      : {}),
  });
  const out = { label, p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, bytes, non2xx: r.non2xx, errors: r.errors + r.timeouts };
  // Progress as it goes (the table follows at the end of the step).
  console.error(`  ${label}: p50 ${out.p50} / p99 ${out.p99} ms, ${(bytes / 1024).toFixed(1)} KB, load ${loadavg()[0].toFixed(1)}`);
  return out;
}

const tokens = createTokenService(JWT_SECRET, { customer: '1h', employee: '1h' });
console.log(
  `bench:scale — steps ${STEPS.map(([c, b]) => `${c}/${b}`).join(', ')}, ${FILES_MB} MB of files, ${SECONDS} s per route, 10 connections; load average ${
    loadavg().map((x) => x.toFixed(1)).join(' ')
  }`,
);
const REUSE = process.env.SCALE_DATA ? path.resolve(process.env.SCALE_DATA) : undefined;
const ONLY = process.env.SCALE_ONLY ? new RegExp(process.env.SCALE_ONLY, 'i') : undefined;
const wanted = (label: string) => !ONLY || ONLY.test(label);
if (REUSE && STEPS.length !== 1) throw new Error('SCALE_DATA keeps one step: set SCALE_STEPS to one step too');

/** A step's data: seeded afresh, or seeded once into SCALE_DATA and read back from its seeded.json. */
async function stepData(customers: number, bookings: number): Promise<{ dataDir: string; seeded: Seeded; seedS: number; }> {
  const dataDir = REUSE ?? (await mkdtemp(path.join(tmpdir(), 'scale-bench-')));
  const marker = path.join(dataDir, 'seeded.json');
  if (REUSE && fs.existsSync(marker)) return { dataDir, seeded: JSON.parse(fs.readFileSync(marker, 'utf8')) as Seeded, seedS: 0 };
  const s0 = performance.now();
  const seeded = await seed(dataDir, customers, bookings);
  if (REUSE) fs.writeFileSync(marker, JSON.stringify(seeded));
  return { dataDir, seeded, seedS: (performance.now() - s0) / 1000 };
}

for (const [customers, bookings] of STEPS) {
  // The upgrade row: a directory of the release before plans at this size, on its own data (SCALE_ONLY=upgrade: only it).
  if (wanted('upgrade')) {
    for (
      const line of await upgradeRow(customers, bookings, startServer, rssMb, (id) => tokens.sign('customer', id, 'user', 0), !!process.env.SCALE_KEEP)
    ) console.log(line);
  }
  if (process.env.SCALE_ONLY === 'upgrade') continue;
  const { dataDir, seeded, seedS } = await stepData(customers, bookings);
  let server: ChildProcess | undefined;
  try {
    const dbDir = path.join(dataDir, 'db');
    const diskMb = fs.readdirSync(dbDir).reduce((n, f) => n + fs.statSync(path.join(dbDir, f)).size, 0) / 1048576;
    const at: { base?: string; } = {};
    const health = healthProbe(() => at.base, dbDir);
    // A reused directory was topped up by its last run: set it back a day, so the pass has a day's work.
    const rewound = REUSE && wanted('generation') ? await rewindOneDay(dataDir, Date.now()) : 0;
    if (rewound) console.error(`  generation: ${rewound} plans set back one day before the start`);
    const started = await startServer(dataDir);
    server = started.child;
    const base = (at.base = started.url);
    const rssStart = rssMb(server.pid!);
    const emp = { Authorization: `Bearer ${tokens.sign('employee', seeded.employee, 'employee', 0)}` };
    const cust = { Authorization: `Bearer ${tokens.sign('customer', seeded.customer, 'user', 0)}` };
    // The engine serves before its non-unique indexes are filled: the first answers may finish a fill.
    const admin = { Authorization: `Bearer ${tokens.sign('employee', seeded.admin, 'admin', 0)}` };
    const office = officeRoutes(seeded, customers);
    const visitHeaders = {
      customer: { Authorization: `Bearer ${tokens.sign('customer', seeded.visits.customer, 'user', 0)}` },
      cleaner: { Authorization: `Bearer ${tokens.sign('employee', seeded.visits.cleaner, 'employee', 0)}` },
      admin,
    };
    const visitPaths = visitRoutes(Date.now()).map(([label, p, who]): [string, string, Record<string, string>] => [label, p, visitHeaders[who]]);
    // The start pass moves every plan's horizon on by a day, as the daily pass does; routes asked meanwhile.
    const generation = ONLY && !wanted('generation')
      ? { passMs: NaN, created: 0, times: [] as [string, number[]][], first: new Map<string, number>() }
      : await duringGeneration(base, started.output, [['health', '/api/health', {}], ...visitPaths]);
    // Under SCALE_ONLY: the first answers of the routes it picks ('first answers' picks them all).
    const firstRoutes = ([
      ['customer bookings', '/api/user/bookings', cust],
      ['my-bookings', '/api/employee/my-bookings', emp],
      ...office.map(([label, paths]): [string, string, Record<string, string>] => [label, paths.at(-1)!, admin]),
      ...visitPaths,
    ] satisfies [string, string, Record<string, string>][]).filter(([label]) => wanted(label) || wanted('first answers'));
    const firstAnswers = firstRoutes.length ? await timeFirst(base, firstRoutes) : 'skipped (SCALE_ONLY)';
    const ready = await indexesReady(dataDir);
    const results: RouteResult[] = [];
    const run = async (label: string, url: string, opts: Parameters<typeof measure>[2]) =>
      void (wanted(label) && results.push(await measure(label, url, opts)));
    await run('blog list', `${base}/api/blog-posts`, {});
    await run('customer bookings', `${base}/api/user/bookings`, { headers: cust });
    await run('dashboard', `${base}/api/user/dashboard`, { headers: cust });
    await run('available bookings', `${base}/api/employee/available-bookings`, { headers: emp });
    await run('my-bookings', `${base}/api/employee/my-bookings`, { headers: emp });
    await run('employee stats', `${base}/api/employee/stats`, { headers: emp });
    // Every accept takes another pending booking (one already taken answers 409, also timed).
    await run('accept', base, { headers: emp, method: 'POST', paths: seeded.pending.map((id) => `/api/employee/bookings/${id}/accept`) });
    if (seeded.image) await run('2 MB image', `${base}/uploads/blog/${seeded.image}`, {});
    for (const [label, paths] of office) await run(label, base, { headers: admin, paths });
    for (const [label, p, headers] of visitPaths) await run(label, base + p, { headers });
    // One admin reloading the office home, then exporting a year of timesheets, with health probed beside
    // (SCALE_ONLY picks each row by its label: 'health during figures', 'health during csv').
    const none = { works: 0, ms: NaN, probes: [] as number[], failed: 0, error: undefined as string | undefined };
    const duringFigures = wanted('health during figures')
      ? await healthDuring(base, async () => void (await (await fetch(`${base}/api/admin/stats`, { headers: admin })).arrayBuffer()))
      : none;
    let csvBytes = 0;
    const duringCsv = wanted('health during csv')
      ? await healthDuring(base, async () => void (csvBytes = (await (await fetch(base + csvYear(), { headers: admin })).arrayBuffer()).byteLength))
      : none;
    const rssWarm = rssMb(server.pid!);
    // Wait for a background snapshot (start-up folds a long journal), then ask for one more, so the
    // health series covers a whole compaction of this step's data.
    await snapshotDone(dbDir);
    const compaction = ONLY ? { ms: NaN, probes: [] as number[] } : await compactWhileProbing(dataDir, dbDir, base);
    health.stop();
    const measured: [string, string, Record<string, string>][] = [
      ['blog list', '/api/blog-posts', {}],
      ['customer bookings', '/api/user/bookings', cust],
      ['dashboard', '/api/user/dashboard', cust],
      ['available bookings', '/api/employee/available-bookings', emp],
      ['my-bookings', '/api/employee/my-bookings', emp],
      ['employee stats', '/api/employee/stats', emp],
      ...office.map(([label, paths]): [string, string, Record<string, string>] => [label, paths.at(-1)!, admin]),
      ...visitPaths,
    ];
    const restart = ONLY ? { child: server, lines: [] as string[] } : await restartFigures(server, dataDir, () => startServer(dataDir), rssMb, measured);
    server = restart.child;
    console.log(`\n## ${customers} customers / ${bookings} bookings, ${FILES_MB} MB files (seeded in ${seedS.toFixed(1)} s, ${diskMb.toFixed(0)} MB on disk)`);
    console.log(`start-up ${started.ms.toFixed(0)} ms   RSS after start ${rssStart.toFixed(0)} MB, after the routes ${rssWarm.toFixed(0)} MB`);
    console.log(`indexes filled and sorted ${ready.toFixed(0)} ms after the engine opened; first answers after start-up: ${firstAnswers}`);
    console.log(`${'route'.padEnd(22)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'req/s'.padStart(7)} ${'answer'.padStart(10)}  non-2xx errors`);
    for (const r of results) {
      console.log(
        `${r.label.padEnd(22)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${r.rps.toFixed(0).padStart(7)} ${
          (r.bytes / 1024).toFixed(1).padStart(7)
        } KB  ${r.non2xx} ${r.errors}`,
      );
    }
    const h = (
      xs: number[],
    ) => (xs.length
      ? `p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms, max ${pct(xs, 100).toFixed(1)} ms (${xs.length} probes)`
      : 'no probes');
    const v = seeded.visits;
    console.log(
      `visits: ${v.plans} weekly plans, ${v.future} future and ${v.past} done visits; the generation pass over every plan (one day on) took ${generation.passMs} ms and created ${generation.created} visits; meanwhile, one request at a time:`,
    );
    for (const [label, xs] of generation.times) console.log(`  ${label.padEnd(22)} ${h(xs)}`);
    if (generation.first.size) {
      console.log(`  first answers after the start, while the pass runs: ${[...generation.first].map(([l, ms]) => `${l} ${ms.toFixed(0)} ms`).join(', ')}`);
    }
    for (const line of restart.lines) console.log(line);
    console.log(`/api/health every 100 ms: ${h(health.normal)}; during a snapshot: ${h(health.compacting)}; failed ${health.failures()}`);
    console.log(`/api/health every 20 ms during a compaction asked for (${compaction.ms.toFixed(0)} ms to write the snapshot): ${h(compaction.probes)}`);
    const failures = (d: { failed: number; error?: string; }) => (d.failed ? `; failed ${d.failed} (first: ${d.error})` : '');
    console.log(
      `/api/health every 50 ms while an admin reloads the office figures (${duringFigures.works} in ${duringFigures.ms.toFixed(0)} ms): ${
        h(duringFigures.probes)
      }${failures(duringFigures)}`,
    );
    console.log(
      `/api/health every 50 ms while a year of timesheets streams as CSV (${duringCsv.works} exports of ${(csvBytes / 1048576).toFixed(1)} MB in ${
        duringCsv.ms.toFixed(0)
      } ms): ${h(duringCsv.probes)}${failures(duringCsv)}`,
    );
  } finally {
    server?.kill('SIGTERM');
    await new Promise((r) => (server && server.exitCode === null ? server.once('exit', r) : r(null)));
    if (!process.env.SCALE_KEEP && !REUSE) await rm(dataDir, { recursive: true, force: true });
  }
}
console.log(`\nload average at the end ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
