// Whole API instances in child processes (tests/support/job-instance.ts), for the tests across
// processes: kill -9 during a job, and two instances on one database (the second given the first's
// embedded engine socket as MONGODB_URI). One set per test file (each file has its own module):
// cleanUpInstances() kills what is still running and removes the data dirs.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const children = new Set<ChildProcessWithoutNullStreams>();
const dirs: string[] = [];

export interface Instance {
  child: ChildProcessWithoutNullStreams;
  /** Where it listens (http://127.0.0.1:port). */
  url: string;
  /** Schedules jobs through this instance's runner and waits for its answer line. */
  schedule(jobs: Array<{ key: string; kind: string; runAt: Date; payload?: Record<string, unknown>; }>): Promise<void>;
  exited: Promise<void>;
}

/** Starts an instance on `dataDir` (its own embedded engine unless `env` gives MONGODB_URI); resolves once it listens. */
export function startInstance(dataDir: string, env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/job-instance.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SKIP_PWA_BUILD: '1',
      MONGODB_URI: '',
      LOG_LEVEL: 'silent',
      ...env,
    },
  });
  children.add(child);
  let out = '';
  const waiters: Array<{ re: RegExp; resolve: () => void; }> = [];
  child.stdout.on('data', (d) => {
    out += String(d);
    for (const w of [...waiters]) {
      if (!w.re.test(out)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  });
  let err = '';
  child.stderr.on('data', (d) => (err += String(d)));
  const exited = new Promise<void>((resolve) => child.on('exit', () => (children.delete(child), resolve())));
  const waitLine = (re: RegExp) =>
    new Promise<void>((resolve, reject) => {
      if (re.test(out)) return resolve();
      waiters.push({ re, resolve });
      void exited.then(() => reject(new Error(`instance exited before ${re}: ${err.slice(-2000)}`)));
    });
  let sent = 0;
  return waitLine(/^ready /m).then(() => ({
    child,
    url: /^ready (\S+)/m.exec(out)?.[1] ?? '',
    exited,
    async schedule(jobs) {
      sent++;
      child.stdin.write(JSON.stringify({ schedule: jobs }) + '\n');
      await waitLine(new RegExp(`(?:^scheduled \\d+\\n){${sent}}`, 'm'));
    },
  }));
}

/** The URI another instance (or this test) uses to reach the embedded engine of the instance on `dataDir`. */
export const engineSocketUri = (dataDir: string) =>
  `mongodb://${encodeURIComponent(path.join(dataDir, 'run', 'engine.sock'))}/sparkleclean?directConnection=true`;

/** A fresh data dir, removed by cleanUpInstances. */
export async function instanceDir(prefix: string): Promise<string> {
  const d = await mkdtemp(path.join(tmpdir(), prefix));
  dirs.push(d);
  return d;
}

export async function cleanUpInstances(): Promise<void> {
  for (const c of children) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
}

export async function waitUntil(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
