// Public entry of the embedded MongoDB-wire-compatible engine. Only api/src/db.ts (and tests) import it.
// With { thread: true } the engine runs on a worker thread: the API (mongoose, Koa) and the engine then
// use two cores instead of taking turns on one (see the README for the measured effect).
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { startLocalEngine } from './local.js';
import { reserveInProcess } from './lock.js';
import type { EngineOptions, RunningEngine } from './types.js';

export type { EngineOptions, RunningEngine } from './types.js';

type FromWorker = { type: 'started'; port: number; uri: string; } | { type: 'failed'; message: string; } | { type: 'closed'; error?: string; };

/**
 * The thread's code. From source (TypeScript), the thread first registers tsx: Node 20 applies neither
 * the parent's --import hooks nor vitest's transform to a worker thread.
 */
function workerSource(): { code: string; eval: true; } | { code: URL; eval: false; } {
  if (!import.meta.url.endsWith('.ts')) return { code: new URL('./worker.js', import.meta.url), eval: false };
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href;
  const entry = new URL('./worker.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
  return { code, eval: true };
}

export async function startEngine(opts: EngineOptions): Promise<RunningEngine> {
  if (!opts.thread) return startLocalEngine(opts);
  const release = reserveInProcess(opts.dataDir);
  const src = workerSource();
  const { thread: _thread, ...data } = opts;
  const worker = new Worker(src.code, { eval: src.eval, workerData: data });
  let started: { port: number; uri: string; };
  try {
    started = await new Promise((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`engine worker exited (${code}) before it started`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (m: FromWorker) => {
        // Only our own listeners go: removeAllListeners() would also drop the Worker's internal ones.
        worker.off('error', reject);
        worker.off('exit', onExit);
        if (m.type === 'started') resolve(m);
        else reject(new Error(m.type === 'failed' ? m.message : 'engine worker closed'));
      });
    });
  } catch (e) {
    release();
    await worker.terminate();
    throw e;
  }
  // A crash of the engine thread would leave the API without its database: fail as loudly as the
  // same error on the main thread would have.
  const crash = (e: Error) => {
    throw e;
  };
  worker.on('error', crash);
  let closed: Promise<void> | undefined;
  return {
    uri: started.uri,
    port: started.port,
    close() {
      closed ??= new Promise<void>((resolve, reject) => {
        worker.off('error', crash);
        worker.once('error', reject);
        worker.on('message', (m: FromWorker) => {
          if (m.type !== 'closed') return;
          release();
          void worker.terminate().then(() => (m.error ? reject(new Error(m.error)) : resolve()));
        });
        worker.postMessage('close');
      });
      return closed;
    },
  };
}
