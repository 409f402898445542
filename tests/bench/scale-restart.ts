// bench:scale's restart figures: the server stopped cleanly and started again on the
// step's data, once without the index key file (indexes filled from the documents, as before
// keyfile.ts) and once with the file that clean stop wrote, in the same run. Per start: "running",
// GET /api/health/ready 200, the first answer of each route after ready, RSS after them.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { KEY_FILE } from '../../api/engine/keyfile';

type Started = { child: ChildProcess; url: string; ms: number; };
type Route = [label: string, url: string, headers: Record<string, string>];

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

async function readyAfter(base: string, t0: number): Promise<number> {
  for (;;) {
    const r = await fetch(base + '/api/health/ready').catch(() => undefined);
    await r?.arrayBuffer();
    if (r?.status === 200) return performance.now() - t0;
    await new Promise((res) => setTimeout(res, 25));
  }
}

/** Stops `running`, then starts twice (without, then with the key file); returns the lines to print and the last server. */
export async function restartFigures(
  running: ChildProcess,
  dataDir: string,
  start: () => Promise<Started>,
  rss: (pid: number) => number,
  routes: Route[],
): Promise<{ lines: string[]; child: ChildProcess; }> {
  const lines: string[] = [];
  const keyFile = path.join(dataDir, 'db', KEY_FILE);
  let child = running;
  for (const withKeys of [false, true]) {
    const s0 = performance.now();
    await stop(child);
    const stopMs = performance.now() - s0;
    if (!withKeys) fs.rmSync(keyFile, { force: true });
    const had = fs.existsSync(keyFile);
    const t0 = performance.now();
    const started = await start();
    child = started.child;
    const ready = await readyAfter(started.url, t0);
    const firsts: string[] = [];
    let worst = 0;
    for (const [label, url, headers] of routes) {
      const r0 = performance.now();
      const r = await fetch(started.url + url, { headers });
      await r.arrayBuffer();
      const ms = performance.now() - r0;
      worst = Math.max(worst, ms);
      firsts.push(`${label} ${ms.toFixed(0)}${r.ok ? '' : ` (${r.status})`}`);
    }
    lines.push(
      `restart ${had ? 'with the index key file' : 'without it (before)'}: stop ${stopMs.toFixed(0)} ms; running ${started.ms.toFixed(0)} ms, ready ${
        ready.toFixed(0)
      } ms after start; RSS ${rss(child.pid!).toFixed(0)} MB after the first answers (slowest ${worst.toFixed(0)} ms): ${firsts.join(', ')}; load ${
        loadavg()[0].toFixed(1)
      }`,
    );
  }
  return { lines, child };
}
