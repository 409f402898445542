// npm run bench:api — the real API (child process, embedded engine, seeded data) under autocannon,
// next to a bare node:http server answering the same JSON bytes, in the same run.
// Targets: API throughput >= 40 % of bare, API p99 <= 25 ms (50 connections, ~10 s per run).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, cpus, loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import mongoose from 'mongoose';
import bcrypt from 'bcryptjs';
import { startEngine } from '../../api/engine/index';
import { createTokenService } from '../../api/src/http/auth';
import { User } from '../../api/src/models/User';
import { Booking } from '../../api/src/models/Booking';
import { BlogPost } from '../../api/src/models/BlogPost';

const root = path.resolve(import.meta.dirname, '../..');
/** The V8 flags `npm start` runs the server with (package.json; none since the 10k/100k figures showed no need): every server child gets them. */
const V8_FLAGS: string[] = [];
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const BLOG_POSTS = 12;
const BOOKINGS = 20;
const JWT_SECRET = `bench-secret-of-at-least-32-bytes-${process.pid}-${Date.now()}`;

/** Seeds the embedded engine's data directory directly, before the server process opens it. */
async function seed(dataDir: string): Promise<string> {
  const engine = await startEngine({ dataDir: path.join(dataDir, 'db'), port: 0 });
  await mongoose.connect(`${engine.uri}sparkleclean?directConnection=true`);
  await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
  await BlogPost.insertMany(
    Array.from({ length: BLOG_POSTS }, (_, i) => ({
      title: `Spring cleaning tip ${i + 1}`,
      content: `A practical tip about keeping a home clean. `.repeat(20),
      facebook_link: 'https://facebook.com/sparkleclean',
    })),
  );
  const user = await User.create({ email: 'bench@example.test', name: 'Bench Customer', passwordHash: await bcrypt.hash('bench-pass', 4) });
  const when = new Date(Date.now() + 14 * 86400_000).toISOString().slice(0, 16);
  await Booking.insertMany(
    Array.from({ length: BOOKINGS }, (_, i) => ({
      user: user._id,
      propertyType: 'House',
      frequency: 'Weekly',
      bedrooms: String((i % 5) + 1),
      bathrooms: '2',
      receptions: '1',
      cleaningType: i % 3 ? 'Standard' : 'Deep',
      hasCleaner: 'No, this is my first time',
      bestDays: when,
      supplies: 'Please bring supplies and equipment',
      hiringLikelihood: 'Ready to book now',
      postcode: 'EC1A1BB',
      status: i % 4 ? 'pending' : 'completed',
    })),
  );
  await mongoose.disconnect();
  await engine.close();
  return String(user._id);
}

/** Starts a child and resolves with the first http URL it prints. */
function startChild(args: string[], env: NodeJS.ProcessEnv, pattern: RegExp): Promise<{ child: ChildProcess; url: string; }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`child did not start in time:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = pattern.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1].replace('localhost', '127.0.0.1') });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => reject(new Error(`child exited (${code}):\n${out}`)));
  });
}

const BARE_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const routes = JSON.parse(fs.readFileSync(process.argv[1], 'utf8'));
const bodies = Object.fromEntries(Object.entries(routes).map(([k, v]) => [k, Buffer.from(v)]));
const server = http.createServer((req, res) => {
  const body = bodies[req.url];
  if (!body) { res.writeHead(404); return res.end(); }
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log('bare at http://127.0.0.1:' + server.address().port));
`;

interface Run {
  label: string;
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Server CPU time per answered request: unlike req/s, barely affected by other load on the machine. */
  cpuUsPerReq?: number;
}

/** utime + stime of a process in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMsOf(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

async function load(label: string, url: string, server: ChildProcess, headers: Record<string, string> = {}): Promise<Run> {
  const cpu0 = cpuMsOf(server.pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  const cpu1 = cpuMsOf(server.pid);
  const answered = r.requests.total;
  const cpuUsPerReq = cpu0 !== undefined && cpu1 !== undefined && answered ? ((cpu1 - cpu0) * 1000) / answered : undefined;
  return { label, rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx, cpuUsPerReq };
}

const row = (r: Run) =>
  `${r.label.padEnd(40)} ${r.rps.toFixed(0).padStart(7)} req/s  p99 ${String(r.p99).padStart(4)} ms  server CPU ${
    r.cpuUsPerReq === undefined ? '?' : r.cpuUsPerReq.toFixed(0)
  } µs/req  errors ${r.errors} non-2xx ${r.non2xx}`;

const dataDir = await mkdtemp(path.join(tmpdir(), 'api-bench-'));
const children: ChildProcess[] = [];
try {
  const userId = await seed(dataDir);
  const token = createTokenService(JWT_SECRET, { customer: '1h', employee: '1h' }).sign('customer', userId, 'user');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET,
    SKIP_PWA_BUILD: '1',
    LOG_LEVEL: 'warn',
  };
  delete env.MONGODB_URI;
  delete env.SMTP_URL;
  // BENCH_CPU_PROF=dir writes a V8 CPU profile of the API process there (for finding hot spots).
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_CPU_PROF)] : [];
  const api = await startChild([...V8_FLAGS, ...prof, '--import', 'tsx', 'api/src/main.ts'], env, /running at (http:\/\/\S+)/);
  children.push(api.child);

  const auth = { Authorization: `Bearer ${token}` };
  const blogRes = await fetch(`${api.url}/api/blog-posts`);
  const blogText = await blogRes.text();
  const bookingsRes = await fetch(`${api.url}/api/user/bookings`, { headers: auth });
  const bookingsText = await bookingsRes.text();
  const blogCount = JSON.parse(blogText).blog_posts?.length;
  const bookingCount = JSON.parse(bookingsText).bookings?.length;
  if (blogRes.status !== 200 || bookingsRes.status !== 200 || blogCount !== BLOG_POSTS || bookingCount !== BOOKINGS) {
    throw new Error(`unexpected seed answers: blog ${blogRes.status}/${blogCount}, bookings ${bookingsRes.status}/${bookingCount}`);
  }
  const routesFile = path.join(dataDir, 'bare-routes.json');
  await writeFile(routesFile, JSON.stringify({ '/blog': blogText, '/bookings': bookingsText }));
  const bare = await startChild([...V8_FLAGS, '-e', BARE_SERVER, routesFile], process.env, /bare at (http:\/\/\S+)/);
  children.push(bare.child);
  // The driver reference gets its own copy of the seeded data (one engine per data directory).
  await cp(path.join(dataDir, 'db'), path.join(dataDir, 'driver-db'), { recursive: true, filter: (f) => !f.endsWith('.lock') });
  const driver = await startChild(
    [...V8_FLAGS, '--import', 'tsx', 'tests/bench/driver-server.ts', path.join(dataDir, 'driver-db'), userId],
    process.env,
    /driver reference at (http:\/\/\S+)/,
  );
  children.push(driver.child);

  console.log(
    `API benchmark: ${CONNECTIONS} connections, ${DURATION_S} s per run, node ${process.version} ${
      V8_FLAGS.join(' ') || '(default V8 heap flags)'
    }, ${cpus().length} CPUs (shared), load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`,
  );
  console.log(`Bodies: blog list ${blogText.length} bytes (${BLOG_POSTS} posts), bookings ${bookingsText.length} bytes (${BOOKINGS} bookings)\n`);
  // A short warm-up so JIT and the engine's caches are in the same state for every run.
  await autocannon({ url: `${api.url}/api/blog-posts`, connections: 10, duration: 2 });
  await autocannon({ url: `${api.url}/api/user/bookings`, connections: 10, duration: 2, headers: auth });

  // BENCH_ONLY=blog|bookings|health runs just that pair (or the reference row) (e.g. to profile one route with BENCH_CPU_PROF).
  const only = process.env.BENCH_ONLY;
  const pairs: [Run, Run][] = [];
  if (!only || only === 'blog') {
    pairs.push([
      await load('API  GET /api/blog-posts', `${api.url}/api/blog-posts`, api.child),
      await load('bare same bytes (blog)', `${bare.url}/blog`, bare.child),
    ]);
  }
  if (!only || only === 'bookings') {
    pairs.push([
      await load('API  GET /api/user/bookings (bearer)', `${api.url}/api/user/bookings`, api.child, auth),
      await load('bare same bytes (bookings)', `${bare.url}/bookings`, bare.child),
    ]);
  }
  // Reference only: node:http + the mongodb driver doing the bookings route's two queries, nothing else.
  const driverRun = !only || only === 'bookings' ? await load('ref: node:http + driver, same 2 queries', `${driver.url}/bookings`, driver.child) : undefined;
  let ok = true;
  for (const [apiRun, bareRun] of pairs) {
    const ratio = apiRun.rps / bareRun.rps;
    const pass = ratio >= 0.4 && apiRun.p99 <= 25 && apiRun.errors === 0 && apiRun.non2xx === 0;
    ok &&= pass;
    console.log(row(apiRun));
    console.log(row(bareRun));
    const cpuRatio = apiRun.cpuUsPerReq && bareRun.cpuUsPerReq
      ? ` (by server CPU per request: ${((bareRun.cpuUsPerReq / apiRun.cpuUsPerReq) * 100).toFixed(1)} %)`
      : '';
    console.log(`  ratio API / bare: ${(ratio * 100).toFixed(1)} %${cpuRatio}; target >= 40 % and p99 <= 25 ms: ${pass ? 'met' : 'NOT met'}\n`);
    if (driverRun && apiRun.label.includes('bookings')) {
      console.log(row(driverRun));
      console.log(
        `  reference / bare: ${((driverRun.rps / bareRun.rps) * 100).toFixed(1)} % (the database round trips alone); API / reference: ${
          ((apiRun.rps / driverRun.rps) * 100).toFixed(1)
        } %\n`,
      );
    }
  }
  // Reference only: the same Koa chain without a database call, to show where the time goes.
  if (!only || only === 'health') console.log(row(await load('ref: API GET /api/health (no database)', `${api.url}/api/health`, api.child)));
  console.log(ok ? '\nAll targets met.' : '\nSome targets were not met (see above).');
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  await rm(dataDir, { recursive: true, force: true });
}
