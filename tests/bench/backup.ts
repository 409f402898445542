// npm run bench:backup — an online backup while the server answers: seeds customers/bookings (as
// bench:scale's step) plus GridFS files, starts the server as `npm start` does, then runs
// `npm run backup` (a child process on the engine's socket) while /api/health is probed every 20 ms,
// and a restore of that backup. Prints backup time and size, health p50/p99/max during the backup, and
// the same probes with no backup for comparison. Target: health p99 <= 50 ms while the backup runs.
// Env: BACKUP_BENCH_STEP="10000:100000" (customers:bookings), BACKUP_BENCH_FILES_MB=50, BACKUP_BENCH_KEEP=1.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { startEngine } from '../../api/engine/index';
import { Booking } from '../../api/src/models/Booking';
import { User } from '../../api/src/models/User';

const root = path.resolve(import.meta.dirname, '../..');
const [CUSTOMERS, BOOKINGS] = (process.env.BACKUP_BENCH_STEP ?? '10000:100000').split(':').map(Number);
const FILES_MB = Number(process.env.BACKUP_BENCH_FILES_MB ?? 50);
const { ObjectId } = mongoose.mongo;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const fmt = (xs: number[]) => `n=${xs.length} p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;

async function seed(dataDir: string): Promise<void> {
  const engine = await startEngine({ dataDir: path.join(dataDir, 'db') });
  await mongoose.connect(`${engine.uri}sparkleclean?directConnection=true`);
  await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
  const users = Array.from(
    { length: CUSTOMERS },
    (_, i) => ({
      _id: new ObjectId(),
      email: `c${i}@bench.test`,
      name: `Customer ${i}`,
      passwordHash: '$2b$04$'.padEnd(60, 'x'),
      phone: '07700 900123',
      address: `${i} High Street, London`,
      role: 'user',
      tokenVersion: 0,
    }),
  );
  for (let i = 0; i < users.length; i += 5000) await User.collection.insertMany(users.slice(i, i + 5000));
  const now = Date.now();
  for (let i = 0; i < BOOKINGS; i += 5000) {
    const batch = [];
    for (let j = i; j < Math.min(BOOKINGS, i + 5000); j++) {
      const created = new Date(now - (BOOKINGS - j) * 60_000);
      batch.push({
        _id: new ObjectId(),
        user: users[j % CUSTOMERS]._id,
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
        address: `${j % CUSTOMERS} High Street, London`,
        phone: '07700 900123',
        status: j % 10 ? 'completed' : 'pending',
        createdAt: created,
        updatedAt: created,
      });
    }
    await Booking.collection.insertMany(batch);
  }
  const bucket = new mongoose.mongo.GridFSBucket(mongoose.connection.db!, { bucketName: 'blogImages' });
  for (let i = 0; i < FILES_MB; i++) {
    await new Promise<void>((resolve, reject) =>
      bucket.openUploadStream(`f${i}.bin`).on('finish', () => resolve()).on('error', reject).end(randomBytes(1 << 20))
    );
  }
  await mongoose.disconnect();
  await engine.close();
}

function run(cmd: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; done: Promise<string>; } {
  const child = spawn(process.execPath, cmd, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const done = new Promise<string>((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd.join(' ')} exited ${code}:\n${out}`))))
  );
  return { child, done };
}

async function probeWhile(base: string, busy: () => boolean): Promise<number[]> {
  const xs: number[] = [];
  while (busy()) {
    const t0 = performance.now();
    const r = await fetch(base + '/api/health');
    await r.arrayBuffer();
    xs.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 20));
  }
  return xs;
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sc-bkb-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: `backup-bench-secret-of-at-least-32-bytes-${process.pid}`,
    SKIP_PWA_BUILD: '1',
    LOG_LEVEL: 'warn',
    MONGODB_URI: '',
  };
  delete env.SMTP_URL;
  let server: ChildProcess | undefined;
  try {
    let t0 = performance.now();
    await seed(dataDir);
    console.log(`seeded ${CUSTOMERS} customers, ${BOOKINGS} bookings, ${FILES_MB} MB of files in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const srv = run(['--import', 'tsx', 'api/src/main.ts'], env); // as npm start runs it
    server = srv.child;
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      srv.child.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /running at (http:\/\/\S+)/.exec(out);
        if (m) resolve(m[1].replace('localhost', '127.0.0.1'));
      });
      srv.done.catch(reject);
    });
    // Let the background index fill finish, so the comparison is backup vs. quiet.
    await new Promise((r) => setTimeout(r, 5000));
    const quietUntil = performance.now() + 5000;
    const quiet = await probeWhile(url, () => performance.now() < quietUntil);
    const out = path.join(dataDir, 'backups', 'bench');
    let running = true;
    t0 = performance.now();
    const backup = run(['--import', 'tsx', 'api/src/cli/backup.ts', '--out', out], env);
    const probes = probeWhile(url, () => running);
    const said = await backup.done.finally(() => (running = false));
    const backupMs = performance.now() - t0;
    const during = await probes;
    console.log(said.trim());
    console.log(`backup (CLI process, incl. ~1 s tsx start-up): ${(backupMs / 1000).toFixed(1)} s`);
    console.log(`health, quiet:          ${fmt(quiet)}`);
    console.log(`health, during backup:  ${fmt(during)}  ${pct(during, 99) <= 50 ? 'OK (<= 50 ms)' : 'OVER 50 ms'}`);
    server.kill('SIGTERM');
    await srv.done.catch(() => undefined);
    server = undefined;
    const restoreDir = path.join(dataDir, 'restored');
    t0 = performance.now();
    const restored = await run(['--import', 'tsx', 'api/src/cli/restore.ts', out], { ...env, DATA_DIR: restoreDir }).done;
    console.log(restored.trim());
    console.log(`restore into an empty data dir: ${((performance.now() - t0) / 1000).toFixed(1)} s; load average ${loadavg()[0].toFixed(1)}`);
  } finally {
    server?.kill('SIGKILL');
    if (process.env.BACKUP_BENCH_KEEP !== '1') await rm(dataDir, { recursive: true, force: true });
    else console.log(`kept ${dataDir}`);
  }
}

await main();
