// bench:scale's upgrade row: a directory of the release before plans at a step's size (tests/support/
// legacy-data.ts: of the bookings 93.7 % completed, 0.7 % accepted, the rest pending, as a company years
// in), started as `npm start` starts it. Measures the time until it answers /api/health, the time until
// its start-up migrations are done (/api/health/ready no longer says `upgrading`), its RSS meanwhile,
// and the p99 of a few routes asked one at a time throughout the migration.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { User } from '../../api/src/models/User';
import { buildLegacyDataDir, withDataDir } from '../support/legacy-data';

type Start = (dataDir: string) => Promise<{ child: ChildProcess; url: string; ms: number; }>;

const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] : NaN);

/** The row's lines; the directory is removed after unless `keep`. */
export async function upgradeRow(
  customers: number,
  bookings: number,
  start: Start,
  rssMb: (pid: number) => number,
  token: (customerId: string) => string,
  keep = false,
): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'scale-upgrade-'));
  let child: ChildProcess | undefined;
  try {
    const s0 = performance.now();
    const accepted = Math.round(bookings * 0.0066);
    const completed = Math.round(bookings * 0.9376);
    await buildLegacyDataDir(dir, { customers, accepted, completed, pending: bookings - accepted - completed });
    const seedS = (performance.now() - s0) / 1000;
    const customer = String((await withDataDir(dir, () => User.findOne({}, { _id: 1 }).lean()))!._id);
    const t0 = performance.now();
    const started = await start(dir);
    child = started.child;
    const base = started.url;
    let healthMs = NaN;
    for (;;) {
      const res = await fetch(`${base}/api/health`).catch(() => null);
      if (res?.ok) {
        healthMs = performance.now() - t0;
        break;
      }
    }
    const routes: [string, string, Record<string, string>][] = [
      ['health', '/api/health', {}],
      ['company', '/api/company', {}],
      ['blog list', '/api/blog-posts', {}],
      ['customer bookings', '/api/user/bookings', { Authorization: `Bearer ${token(customer)}` }],
    ];
    const times = new Map<string, number[]>(routes.map(([l]) => [l, []]));
    const statuses = new Map<string, number>();
    let rssMax = 0;
    let doneMs = NaN;
    let last = performance.now();
    for (let i = 0;; i++) {
      const [label, p, headers] = routes[i % routes.length];
      const r0 = performance.now();
      const res = await fetch(base + p, { headers });
      await res.arrayBuffer();
      times.get(label)!.push(performance.now() - r0);
      statuses.set(`${res.status}`, (statuses.get(`${res.status}`) ?? 0) + 1);
      if (performance.now() - last < 250) continue;
      last = performance.now();
      rssMax = Math.max(rssMax, rssMb(child.pid!));
      const ready = (await (await fetch(`${base}/api/health/ready`)).json()) as { upgrading?: unknown; };
      if (!ready.upgrading) {
        doneMs = performance.now() - t0;
        break;
      }
    }
    const lines = [
      `\n## upgrade of ${customers} customers / ${bookings} bookings of the release before plans (${completed} completed, ${accepted} accepted; built in ${
        seedS.toFixed(1)
      } s)`,
    ];
    lines.push(
      `listening ${started.ms.toFixed(0)} ms, /api/health answered ${healthMs.toFixed(0)} ms, migrations done ${
        (doneMs / 1000).toFixed(1)
      } s after the start; RSS meanwhile up to ${rssMax.toFixed(0)} MB`,
    );
    for (const [label, xs] of times) {
      lines.push(
        `  during the migration, ${label.padEnd(18)} p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms, max ${
          pct(xs, 100).toFixed(1)
        } ms (${xs.length} requests)`,
      );
    }
    lines.push(`  answers by status: ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}`);
    return lines;
  } finally {
    child?.kill('SIGTERM');
    await new Promise((r) => (child && child.exitCode === null ? child.once('exit', r) : r(null)));
    if (!keep) await rm(dir, { recursive: true, force: true });
  }
}
