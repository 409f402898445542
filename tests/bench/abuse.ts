// npm run bench:abuse — the slowest answer to a 1 MB pathological body on every route that takes a
// body (the real API in a child process, embedded engine), beside GET /api/health's latency measured
// at the same time by a poller, and before the abuse as the baseline of the same run.
// Target: every abusive answer under 100 ms on this machine, health unaffected.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import bcrypt from 'bcryptjs';
import { z } from 'zod';
import { startEngine } from '../../api/engine/index';
import { createTokenService } from '../../api/src/http/auth';
import { User } from '../../api/src/models/User';
import { Employee } from '../../api/src/models/Employee';
import { Booking } from '../../api/src/models/Booking';
import { OPERATIONS, SCHEMAS } from '../../api/src/openapi/document';

const root = path.resolve(import.meta.dirname, '../..');
const JWT_SECRET = `abuse-bench-secret-of-at-least-32-bytes-${process.pid}-${Date.now()}`;
const MB = 1024 * 1024;
const TRIES = Number(process.env.BENCH_TRIES ?? 3);

/** A customer, an office member and one of the customer's bookings, written before the server opens the data. */
async function seed(dataDir: string) {
  const engine = await startEngine({ dataDir: path.join(dataDir, 'db'), port: 0 });
  await mongoose.connect(`${engine.uri}sparkleclean?directConnection=true`);
  await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
  const user = await User.create({ email: 'abuse@example.test', name: 'Abuse Bench', passwordHash: await bcrypt.hash('bench-pass', 4) });
  const staff = await Employee.create({
    email: 'office@example.test',
    name: 'Office',
    passwordHash: await bcrypt.hash('bench-pass', 4),
    role: 'admin',
    is_active: true,
  });
  const booking = await Booking.create({
    user: user._id,
    propertyType: 'House',
    frequency: 'Weekly',
    bedrooms: '2',
    bathrooms: '1',
    receptions: '1',
    cleaningType: 'Standard',
    hasCleaner: 'No',
    bestDays: '2031-01-01T10:00',
    supplies: 'Please bring supplies and equipment',
    hiringLikelihood: 'Ready to book now',
    postcode: 'EC1A1BB',
  });
  await mongoose.disconnect();
  await engine.close();
  const tokens = createTokenService(JWT_SECRET, { customer: '1h', employee: '1h' });
  return {
    customer: tokens.sign('customer', String(user._id), 'user'),
    employee: tokens.sign('employee', String(staff._id), 'admin'),
    bookingId: String(booking._id),
  };
}

function startApi(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string; }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`API did not start in time:\n${out}`)), 60_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1].replace('localhost', '127.0.0.1') });
      }
    });
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => reject(new Error(`API exited (${code}):\n${out}`)));
  });
}

const fieldsOf = (schema: z.ZodType) =>
  Object.keys((z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: object; }).properties ?? {});

/** Bodies of about 1 MB built to hurt: backtracking e-mails, digit runs, deep nesting, many keys. */
function pathologicalBodies(fields: string[]): Record<string, string> {
  const each = Math.floor((MB - 100) / Math.max(1, fields.length));
  const fill = (make: (n: number) => string) => JSON.stringify(Object.fromEntries(fields.map((f) => [f, make(each - 10)])));
  return {
    'e-mail backtracking': fill((n) => 'a@' + '.'.repeat(n - 3) + '@'),
    'digits / spaces': fill((n) => ' '.repeat(n >> 1) + '1'.repeat(n >> 1)),
    'deep nesting': '['.repeat(MB - 2) + ']',
    '50 000 keys': JSON.stringify(Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, 'v'.repeat(10)]))),
  };
}

const percentile = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] : NaN);

/** Polls /api/health every ~5 ms until stopped; returns the latencies it saw. */
function healthPoller(url: string) {
  const seen: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const t = performance.now();
      await fetch(`${url}/api/health`).then((r) => r.arrayBuffer());
      seen.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return seen;
    },
  };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'abuse-bench-'));
let api: { child: ChildProcess; url: string; } | undefined;
try {
  const seeded = await seed(dataDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET,
    SKIP_PWA_BUILD: '1',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
  };
  delete env.MONGODB_URI;
  delete env.SMTP_URL;
  api = await startApi(env);
  const url = api.url;
  console.log(
    `Abuse benchmark: ${TRIES} tries per body, node ${process.version}, ${cpus().length} CPUs (shared), load average ${
      loadavg().map((x) => x.toFixed(1)).join(' ')
    }`,
  );

  // Baseline: health alone, same run.
  await fetch(`${url}/api/health`);
  const quiet = healthPoller(url);
  await new Promise((r) => setTimeout(r, 2000));
  const baseline = await quiet.stop();

  const routes = OPERATIONS.filter((o) => o.json || o.multipart);
  const rows: { route: string; statuses: string; slowest: number; body: string; }[] = [];
  const busy = healthPoller(url);
  let ip = 0;
  for (const op of routes) {
    const schema = SCHEMAS[(op.json ?? op.multipart!.fields) as keyof typeof SCHEMAS] as z.ZodType;
    const target = op.path.replace('{id}', seeded.bookingId).replace('{bookingId}', seeded.bookingId).replace('{kind}', 'contact');
    let slowest = 0;
    let slowestBody = '';
    const statuses = new Set<number>();
    for (const [name, body] of Object.entries(pathologicalBodies(fieldsOf(schema)))) {
      for (let i = 0; i < TRIES; i++) {
        const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.9.${(++ip >> 8) & 255}.${ip & 255}` };
        if (op.auth) headers.Authorization = `Bearer ${op.auth === 'customer' ? seeded.customer : seeded.employee}`;
        const t = performance.now();
        const res = await fetch(url + target, { method: op.method.toUpperCase(), headers, body });
        await res.arrayBuffer();
        const ms = performance.now() - t;
        statuses.add(res.status);
        if (ms > slowest) [slowest, slowestBody] = [ms, name];
      }
    }
    rows.push({ route: `${op.method.toUpperCase()} ${op.path}`, statuses: [...statuses].sort().join('/'), slowest, body: slowestBody });
  }
  const during = await busy.stop();

  console.log('\nSlowest answer to a 1 MB pathological body (client-measured, includes sending the megabyte):');
  for (const r of rows) console.log(`  ${r.route.padEnd(48)} ${r.statuses.padEnd(8)} ${r.slowest.toFixed(1).padStart(7)} ms  (${r.body})`);
  const worst = rows.reduce((a, b) => (b.slowest > a.slowest ? b : a));
  console.log(`\nWorst: ${worst.slowest.toFixed(1)} ms on ${worst.route} (${worst.body}); target < 100 ms: ${worst.slowest < 100 ? 'met' : 'NOT met'}`);
  const fmt = (xs: number[]) =>
    `p50 ${percentile(xs, 50).toFixed(1)} ms  p99 ${percentile(xs, 99).toFixed(1)} ms  max ${Math.max(...xs).toFixed(1)} ms  (${xs.length} polls)`;
  console.log(`GET /api/health alone (baseline):    ${fmt(baseline)}`);
  console.log(`GET /api/health during the abuse:    ${fmt(during)}`);
  if (rows.some((r) => r.statuses.split('/').some((s) => Number(s) >= 500))) console.log('A route answered 5xx: see the table.');
} finally {
  api?.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await rm(dataDir, { recursive: true, force: true });
}
