// npm run bench:scale — the product at the size of a company years in: customers / bookings in steps,
// 30 employees, 200 blog posts, images and CVs in GridFS. Per step: start-up and ready time, the first
// answers, RSS, p50/p99 at 10 connections and answer size of the main routes, beside /api/health probed
// every 100 ms throughout (and separately while the engine writes a snapshot in the background).
// Baselines of the same run: the server on an empty database (start-up, ready, first answer, RSS), and
// on each step's server the /api/health row at 10 connections (each route's p99 is also shown ÷ it).
// What the embedded database is said to serve (docs/configuration.md, "Choosing the database"):
// ready <= 5 s, RSS <= 1 GB, office routes p99 <= 100 ms at 10 000 customers / 100 000 bookings.
// Env: SCALE_STEPS="10000:100000,50000:500000" (customers:bookings; or `npm run bench:scale -- --steps 10000:100000`),
// SCALE_FILES_MB=500, SCALE_SECONDS=5 (per route), SCALE_KEEP=1 keeps the data directories. Each step first upgrades a
// directory of the release before plans of its size (scale-upgrade.ts; SCALE_ONLY=upgrade: that row alone).
// While working on one route: SCALE_DATA=DIR seeds one step into DIR once and reuses it on the next runs
// (the server's own writes stay in it), and SCALE_ONLY=<regex> measures only the routes whose label
// matches (skipping the compaction, restart and health-during rows unless 'health' matches, and the
// generation pass's row unless 'generation' does; with SCALE_DATA, 'generation' first sets the plans back a
// day so each run's start pass does a daily pass's work: SCALE_ONLY='generation' measures it alone). The
// first answers after start-up are those of the routes it picks, or of every route when 'first answers' matches.
// SCALE_ALSO_FLAGS="none" (or V8 flags) ends each step by starting the server again with those flags in place of
// the start script's and measuring the same figures, printed beside the first server's.
// SCALE_NODE_ARGS="--trace-gc" adds node flags before the start script's; SCALE_SERVER_LOG=FILE keeps the server's output.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { csvYear, healthDuring } from '../scale-office';
import { restartFigures } from '../scale-restart';
import { upgradeRow } from '../scale-upgrade';
import { duringGeneration, rewindOneDay } from '../scale-visits';
import { baselineLine, emptyBaseline } from './baseline';
import { FILES_MB, ONLY, REUSE, SECONDS, STEPS, tokens, wanted } from './config';
import { otherFlags } from './flags';
import { timeFirst } from './measure';
import { during, probes, routeTable } from './report';
import { stepRoutes } from './routes';
import { seed, type Seeded } from './seed';
import { compactWhileProbing, healthProbe, indexesReady, rssMb, snapshotDone, startServer, stopServer } from './server';

const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
console.log(
  `bench:scale — steps ${
    STEPS.map(([c, b]) => `${c}/${b}`).join(', ')
  }, ${FILES_MB} MB of files, ${SECONDS} s per route, 10 connections; load average ${load()}`,
);
if (REUSE && STEPS.length !== 1) throw new Error('SCALE_DATA keeps one step: set SCALE_STEPS to one step too');
const baseline = await emptyBaseline();
console.log(baselineLine(baseline));

/** A step's data: seeded afresh, or seeded once into SCALE_DATA and read back from its seeded.json. */
async function stepData(customers: number, bookings: number): Promise<{ dataDir: string; seeded: Seeded; seedS: number; }> {
  const dataDir = REUSE ?? (await mkdtemp(path.join(tmpdir(), 'scale-bench-')));
  const marker = path.join(dataDir, 'seeded.json');
  if (REUSE && fs.existsSync(marker)) return { dataDir, seeded: JSON.parse(fs.readFileSync(marker, 'utf8')) as Seeded, seedS: 0 };
  const s0 = performance.now();
  const seeded = await seed(dataDir, customers, bookings);
  if (REUSE) fs.writeFileSync(marker, JSON.stringify(seeded));
  return { dataDir, seeded, seedS: (performance.now() - s0) / 1000 };
}

for (const [customers, bookings] of STEPS) {
  // The upgrade row: a directory of the release before plans at this size, on its own data (SCALE_ONLY=upgrade: only it).
  if (wanted('upgrade')) {
    for (
      const line of await upgradeRow(customers, bookings, startServer, rssMb, (id) => tokens.sign('customer', id, 'user', 0), !!process.env.SCALE_KEEP)
    ) console.log(line);
  }
  if (process.env.SCALE_ONLY === 'upgrade') continue;
  const { dataDir, seeded, seedS } = await stepData(customers, bookings);
  console.error(`  seeded ${customers}/${bookings} in ${seedS.toFixed(1)} s; load ${load()}`);
  let server: ChildProcess | undefined;
  try {
    const dbDir = path.join(dataDir, 'db');
    const diskMb = fs.readdirSync(dbDir).reduce((n, f) => n + fs.statSync(path.join(dbDir, f)).size, 0) / 1048576;
    const at: { base?: string; } = {};
    const health = healthProbe(() => at.base, dbDir);
    // A reused directory was topped up by its last run: set it back a day, so the pass has a day's work.
    const rewound = REUSE && wanted('generation') ? await rewindOneDay(dataDir, Date.now()) : 0;
    if (rewound) console.error(`  generation: ${rewound} plans set back one day before the start`);
    const started = await startServer(dataDir);
    server = started.child;
    const base = (at.base = started.url);
    const rssStart = rssMb(server.pid!);
    const routes = stepRoutes(seeded, customers);
    // The start pass moves every plan's horizon on by a day, as the daily pass does; routes asked meanwhile.
    const generation = ONLY && !wanted('generation')
      ? { passMs: NaN, created: 0, times: [] as [string, number[]][], first: new Map<string, number>() }
      : await duringGeneration(base, started.output, [['health', '/api/health', {}], ...routes.visitPaths]);
    // The engine serves before its non-unique indexes are filled: the first answers may finish a fill.
    const firstAnswers = routes.first.length ? await timeFirst(base, routes.first) : 'skipped (SCALE_ONLY)';
    const indexesMs = await indexesReady(dataDir);
    const readyMs = await started.ready;
    const results = await routes.atLoad(base, seeded.pending, seeded.image);
    // One admin reloading the office home, then exporting a year of timesheets, with health probed beside
    // (SCALE_ONLY picks each row by its label: 'health during figures', 'health during csv').
    const none = { works: 0, ms: NaN, probes: [] as number[], failed: 0, error: undefined as string | undefined };
    const admin = routes.admin;
    const duringFigures = wanted('health during figures')
      ? await healthDuring(base, async () => void (await (await fetch(`${base}/api/admin/stats`, { headers: admin })).arrayBuffer()))
      : none;
    let csvBytes = 0;
    const duringCsv = wanted('health during csv')
      ? await healthDuring(base, async () => void (csvBytes = (await (await fetch(base + csvYear(), { headers: admin })).arrayBuffer()).byteLength))
      : none;
    const rssWarm = rssMb(server.pid!);
    // Wait for a background snapshot (start-up folds a long journal), then ask for one more, so the
    // health series covers a whole compaction of this step's data.
    await snapshotDone(dbDir);
    const compaction = ONLY ? { ms: NaN, probes: [] as number[] } : await compactWhileProbing(dataDir, dbDir, base);
    health.stop();
    const restart = ONLY ? { child: server, lines: [] as string[] } : await restartFigures(server, dataDir, () => startServer(dataDir), rssMb, routes.measured);
    server = restart.child;
    // The same figures with the other start flags, on the same data (after this step's own writes).
    const other = process.env.SCALE_ALSO_FLAGS === undefined ? undefined : await otherFlags(server, dataDir, routes, seeded);
    server = other?.child ?? server;
    const b = baseline;
    console.log(`\n## ${customers} customers / ${bookings} bookings, ${FILES_MB} MB files (seeded in ${seedS.toFixed(1)} s, ${diskMb.toFixed(0)} MB on disk)`);
    console.log(`load average ${load()} (the machine's other work slows every time below; the baseline was taken in the same run)`);
    console.log(
      `start-up ${started.ms.toFixed(0)} ms (empty database ${b.startMs.toFixed(0)} ms)   ready ${readyMs.toFixed(0)} ms (empty ${b.readyMs.toFixed(0)} ms)`,
    );
    console.log(
      `RSS after start ${rssStart.toFixed(0)} MB, after the routes ${rssWarm.toFixed(0)} MB (empty database ${b.rssStart.toFixed(0)} / ${
        b.rssAfter.toFixed(0)
      } MB)`,
    );
    console.log(
      `indexes filled and sorted ${indexesMs.toFixed(0)} ms after the engine opened; first answers after start-up (first /api/health on an empty database ${
        b.firstHealthMs.toFixed(0)
      } ms): ${firstAnswers}`,
    );
    for (const line of routeTable(results, other && { title: other.title, results: other.results })) console.log(line);
    if (other) { for (const line of other.lines) console.log(line); }
    const v = seeded.visits;
    console.log(
      `visits: ${v.plans} weekly plans, ${v.future} future and ${v.past} done visits; the generation pass over every plan (one day on) took ${generation.passMs} ms and created ${generation.created} visits; meanwhile, one request at a time:`,
    );
    for (const [label, xs] of generation.times) console.log(`  ${label.padEnd(22)} ${probes(xs)}`);
    if (generation.first.size) {
      console.log(`  first answers after the start, while the pass runs: ${[...generation.first].map(([l, ms]) => `${l} ${ms.toFixed(0)} ms`).join(', ')}`);
    }
    for (const line of restart.lines) console.log(line);
    console.log(`/api/health every 100 ms: ${probes(health.normal)}; during a snapshot: ${probes(health.compacting)}; failed ${health.failures()}`);
    console.log(`/api/health every 20 ms during a compaction asked for (${compaction.ms.toFixed(0)} ms to write the snapshot): ${probes(compaction.probes)}`);
    console.log(during('while an admin reloads the office figures', duringFigures));
    console.log(during(`while a year of timesheets streams as CSV (exports of ${(csvBytes / 1048576).toFixed(1)} MB)`, duringCsv));
  } finally {
    if (server) await stopServer(server);
    if (!process.env.SCALE_KEEP && !REUSE) await rm(dataDir, { recursive: true, force: true });
  }
}
console.log(`\nload average at the end ${load()}`);
