// bench:scale's server: started as `npm start` starts it (its node arguments), its RSS, the engine's
// own socket, the index fill, snapshots, and /api/health probed beside everything else.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { JWT_SECRET } from './config';

const root = path.resolve(import.meta.dirname, '../../..');

export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** Probes /api/health every 100 ms; samples taken while a snapshot is being written are kept apart. */
export function healthProbe(base: () => string | undefined, dbDir: string) {
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

async function readyAfter(base: string, t0: number, child: ChildProcess): Promise<number> {
  while (child.exitCode === null) {
    const r = await fetch(base + '/api/health/ready').catch(() => undefined);
    await r?.arrayBuffer();
    if (r?.status === 200) return performance.now() - t0;
    await new Promise((res) => setTimeout(res, 50));
  }
  return NaN;
}

// A bench that dies (an uncaught error) must not leave its server holding the data directory's lock.
const servers = new Set<ChildProcess>();
process.on('exit', () => servers.forEach((c) => c.kill('SIGTERM')));

export interface Started {
  child: ChildProcess;
  url: string;
  ms: number;
  output: () => string;
  /** Milliseconds from the spawn until /api/health/ready first answered 200 (polled every 50 ms from "running"). */
  ready: Promise<number>;
}

/** The start script's V8 flags (those before --import), as package.json has them. */
export function startScriptFlags(): string[] {
  const start = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string; }; }).scripts.start.trim().split(/\s+/)
    .slice(1);
  return start.slice(0, start.indexOf('--import'));
}

/** `flags`: V8 flags in place of the start script's (SCALE_START_FLAGS does the same for a whole run). */
export function startServer(dataDir: string, flags?: string[]): Promise<Started> {
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
    const replaced = flags ?? (process.env.SCALE_START_FLAGS !== undefined ? process.env.SCALE_START_FLAGS.split(/\s+/).filter(Boolean) : undefined);
    if (replaced) start = [...replaced, ...start.slice(start.indexOf('--import'))];
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
        const url = m[1].replace('localhost', '127.0.0.1');
        resolve({ child, url, ms: performance.now() - t0, output: () => out, ready: readyAfter(url, t0, child) });
      }
    });
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
}

/** A client of the server's embedded engine, on its owner-only socket in the data directory. */
export const engineClient = (dataDir: string) =>
  new mongoose.mongo.MongoClient(`mongodb://${encodeURIComponent(path.join(dataDir, 'run', 'engine.sock'))}/?directConnection=true`);

/** Waits until the engine reports its background index work done (serverStatus), and returns how long it took. */
export async function indexesReady(dataDir: string): Promise<number> {
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

export async function snapshotDone(dbDir: string): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (fs.existsSync(path.join(dbDir, 'snapshot.bson.tmp')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
}

/** Asks the server's engine (on its owner-only socket) for a snapshot and probes health every 20 ms until it is written. */
export async function compactWhileProbing(dataDir: string, dbDir: string, base: string): Promise<{ ms: number; probes: number[]; }> {
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

/** SIGTERM, as npm start's Ctrl-C: the engine flushes its journal before the process ends. */
export const stopServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
