// The oldest, busiest routes on bench:scale's data, measured alone and quickly: customer bookings,
// available bookings, my-bookings, employee stats (p99 ≤ 100 ms) and accept (p50 ≤ 150 ms), 10
// connections each, beside /api/health and the blog list measured in the same run (the machine is shared:
// compare the ratios to these baselines, not the raw figures between runs).
// The data: one step seeded by bench:scale into a directory it keeps, e.g.
//   SCALE_STEPS=10000:100000 SCALE_FILES_MB=0 SCALE_DATA=/tmp/seed SCALE_ONLY='^blog list$' npm run bench:scale
// then ROUTES_DATA=/tmp/seed npx tsx tests/bench/routes-old.ts. Each run works on a fresh copy of that
// directory, so the accepts always meet pending bookings. ROUTES_SECONDS=5 per route;
// ROUTES_PROFILE=DIR starts the server with node --cpu-prof writing its profile into DIR;
// ROUTES_ONLY=<regex> picks routes by label.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import mongoose from 'mongoose';
import { createTokenService } from '../../api/src/http/auth';

const root = path.resolve(import.meta.dirname, '../..');
const SOURCE = process.env.ROUTES_DATA;
if (!SOURCE || !fs.existsSync(path.join(SOURCE, 'seeded.json'))) throw new Error('ROUTES_DATA=<a directory bench:scale seeded with SCALE_DATA>');
const SECONDS = Number(process.env.ROUTES_SECONDS ?? 5);
const ONLY = process.env.ROUTES_ONLY ? new RegExp(process.env.ROUTES_ONLY, 'i') : undefined;
const JWT_SECRET = `routes-bench-secret-of-at-least-32-bytes-${process.pid}`;
const seeded = JSON.parse(fs.readFileSync(path.join(SOURCE, 'seeded.json'), 'utf8')) as { customer: string; employee: string; pending: string[]; };

function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string; output: () => string; }> {
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
  const start = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string; }; }).scripts.start.trim().split(/\s+/)
    .slice(1);
  const prof = process.env.ROUTES_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.ROUTES_PROFILE)}`] : [];
  const child = spawn(process.execPath, [...prof, ...start], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  process.on('exit', () => child.kill('SIGTERM'));
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) resolve({ child, url: m[1].replace('localhost', '127.0.0.1'), output: () => out });
    });
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
}

/** The server's CPU time so far (every thread), in ms: robust to the machine's load, unlike latency. */
function cpuMs(pid: number): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
}
let serverPid = 0;

interface Row {
  cpu: number;
  label: string;
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
}

async function measure(label: string, url: string, headers: Record<string, string>, method = 'GET', paths?: string[]): Promise<Row> {
  let next = 0;
  const c0 = cpuMs(serverPid);
  const r = await autocannon({
    url,
    connections: 10,
    duration: SECONDS,
    method: method as 'GET',
    headers: { 'Accept-Encoding': 'br, gzip', ...headers },
    ...(paths ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: paths[next++ % paths.length] }) }] } : {}),
  });
  const cpu = (cpuMs(serverPid) - c0) / Math.max(1, r.requests.total);
  const row = { label, p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, non2xx: r.non2xx, cpu };
  console.error(`  ${label}: p50 ${row.p50} / p99 ${row.p99} ms, ${cpu.toFixed(1)} ms CPU each, load ${loadavg()[0].toFixed(1)}`);
  return row;
}

const work = await mkdtemp(path.join(tmpdir(), 'routes-bench-'));
let server: ChildProcess | undefined;
try {
  await cp(SOURCE, work, { recursive: true });
  fs.rmSync(path.join(work, 'run'), { recursive: true, force: true });
  const started = await startServer(work);
  server = started.child;
  serverPid = server.pid!;
  const base = started.url;
  const tokens = createTokenService(JWT_SECRET, { customer: '1h', employee: '1h' });
  const cust = { Authorization: `Bearer ${tokens.sign('customer', seeded.customer, 'user', 0)}` };
  const emp = { Authorization: `Bearer ${tokens.sign('employee', seeded.employee, 'employee', 0)}` };
  // As bench:scale does: measure once the engine reports its background index fill done.
  const client = new mongoose.mongo.MongoClient(`mongodb://${encodeURIComponent(path.join(work, 'run', 'engine.sock'))}/?directConnection=true`);
  await client.connect();
  for (;;) {
    const s = await client.db('admin').command({ serverStatus: 1 });
    if (typeof (s.embedded as { indexesReadyMs?: number | null; } | undefined)?.indexesReadyMs === 'number') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  await client.close();
  // And once the start's generation pass (every plan's horizon moved on) is over: it is not what a route costs.
  while (!/visit generation (?:pass done|failed)/.test(started.output())) await new Promise((r) => setTimeout(r, 200));
  // Warm each route once.
  for (const [p, h] of [['/api/user/bookings', cust], ['/api/employee/my-bookings', emp], ['/api/employee/available-bookings', emp]] as const) {
    await (await fetch(base + p, { headers: h })).arrayBuffer();
  }
  const rows: Row[] = [];
  const run = async (label: string, ...args: Parameters<typeof measure> extends [string, ...infer R] ? R : never) =>
    void ((!ONLY || ONLY.test(label) || label.startsWith('baseline')) && rows.push(await measure(label, ...args)));
  await run('baseline: health', `${base}/api/health`, {});
  await run('baseline: blog list', `${base}/api/blog-posts`, {});
  await run('customer bookings', `${base}/api/user/bookings`, cust);
  await run('available bookings', `${base}/api/employee/available-bookings`, emp);
  await run('my-bookings', `${base}/api/employee/my-bookings`, emp);
  await run('employee stats', `${base}/api/employee/stats`, emp);
  // Every accept takes another pending booking (bench:scale's seed leaves about one in a hundred pending).
  await run('accept', base, emp, 'POST', seeded.pending.map((id) => `/api/employee/bookings/${id}/accept`));
  const blog = rows.find((r) => r.label === 'baseline: blog list');
  console.log(`routes-old — ${SECONDS} s per route, 10 connections, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  console.log(`${'route'.padEnd(22)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'req/s'.padStart(7)}  p99/blog p99  CPU ms/req  non-2xx`);
  for (const r of rows) {
    const ratio = blog ? (r.p99 / blog.p99).toFixed(2) : '-';
    console.log(
      `${r.label.padEnd(22)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${r.rps.toFixed(0).padStart(7)}  ${ratio.padStart(12)}  ${
        r.cpu.toFixed(1).padStart(10)
      }  ${r.non2xx}`,
    );
  }
} finally {
  server?.kill('SIGTERM');
  const code = await new Promise((r) => (server && server.exitCode === null ? server.once('exit', r) : r(server?.exitCode)));
  if (code !== 0) console.error(`server exit code ${String(code)}`);
  await rm(work, { recursive: true, force: true });
}
