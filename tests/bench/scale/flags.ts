// bench:scale's other start flags (SCALE_ALSO_FLAGS): the step's server stopped and started again with
// other V8 flags in place of the start script's, then the same figures: start-up, ready, first answers,
// RSS after start and after the routes, each route's p99 (printed beside the first server's).
import type { ChildProcess } from 'node:child_process';
import { timeFirst, type RouteResult } from './measure';
import type { stepRoutes } from './routes';
import type { Seeded } from './seed';
import { rssMb, startScriptFlags, startServer, stopServer } from './server';

export async function otherFlags(running: ChildProcess, dataDir: string, routes: ReturnType<typeof stepRoutes>, seeded: Seeded) {
  const wanted = process.env.SCALE_ALSO_FLAGS ?? 'none';
  const flags = wanted === 'none' ? [] : wanted.split(/\s+/).filter(Boolean);
  const title = flags.length ? flags.join(' ') : `without ${startScriptFlags().join(' ') || 'flags'}`;
  await stopServer(running);
  const started = await startServer(dataDir, flags);
  const rssStart = rssMb(started.child.pid!);
  const firstAnswers = routes.first.length ? await timeFirst(started.url, routes.first) : 'skipped (SCALE_ONLY)';
  const readyMs = await started.ready;
  const results: RouteResult[] = await routes.atLoad(started.url, seeded.pending, seeded.image);
  const rssWarm = rssMb(started.child.pid!);
  const lines = [
    `${title} (started again on this step's data, the start script's flags: ${startScriptFlags().join(' ') || 'none'}): start-up ${
      started.ms.toFixed(0)
    } ms, ready ${readyMs.toFixed(0)} ms, RSS after start ${rssStart.toFixed(0)} MB, after the routes ${rssWarm.toFixed(0)} MB`,
    `  first answers: ${firstAnswers}`,
  ];
  return { child: started.child, title, results, lines };
}
