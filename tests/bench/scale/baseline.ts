// bench:scale's baseline of the run: the same server on an empty database, on this machine at this
// load. Each step's start-up, ready time, first answer and RSS is printed beside these figures.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { measure } from './measure';
import { rssMb, startServer, stopServer } from './server';

export interface Baseline {
  startMs: number;
  readyMs: number;
  firstHealthMs: number;
  rssStart: number;
  rssAfter: number;
  healthP99: number;
}

export async function emptyBaseline(flags?: string[]): Promise<Baseline> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'scale-baseline-'));
  const started = await startServer(dataDir, flags);
  try {
    const t0 = performance.now();
    await (await fetch(started.url + '/api/health')).arrayBuffer();
    const firstHealthMs = performance.now() - t0;
    const readyMs = await started.ready;
    const rssStart = rssMb(started.child.pid!);
    const health = await measure('health (empty database)', `${started.url}/api/health`, {});
    return { startMs: started.ms, readyMs, firstHealthMs, rssStart, rssAfter: rssMb(started.child.pid!), healthP99: health.p99 };
  } finally {
    await stopServer(started.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

export const baselineLine = (b: Baseline) =>
  `baseline, the same server on an empty database in this run: start-up ${b.startMs.toFixed(0)} ms, ready ${b.readyMs.toFixed(0)} ms, first /api/health ${
    b.firstHealthMs.toFixed(0)
  } ms, RSS after start ${b.rssStart.toFixed(0)} MB, after 10 connections of /api/health ${b.rssAfter.toFixed(0)} MB (p99 ${b.healthP99} ms)`;
