// The work one visits or schedule request costs at scale, without the noise of a
// shared machine's latency: the engine in this process (its thread's CPU is ours), bench:scale's visit
// rows called through their services a few times, one after the other; CPU ms per request and answer
// size. Run on a copy of a bench:scale SCALE_DATA directory (the engine fills its indexes first):
//   VISITS_DATA=/tmp/copy npx tsx tests/bench/visits-work.ts [regex of row labels]
// Repeats are answered from the per-version cache (lib/versioned-cache.ts); VISITS_MISS=1 moves the
// visits' write version before each run, to measure a rebuild (the move's own write included).
// VISITS_PROFILE=DIR writes a CPU profile of each row's measured runs (not the engine's start) there.
import fs from 'node:fs';
import path from 'node:path';
import { loadavg } from 'node:os';
import { Session } from 'node:inspector/promises';
import mongoose from 'mongoose';
import { startEngine } from '../../api/engine/index';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { adminVisitsQuerySchema, visitsQuerySchema } from '@shared/schemas/visits';
import { scheduleQuerySchema } from '@shared/schemas/schedule';
import { listAdminVisits } from '../../api/src/services/plans/visits-admin';
import { listCustomerVisits } from '../../api/src/services/plans/visits-customer';
import { listEmployeeVisits } from '../../api/src/services/plans/visits-employee';
import { buildSchedule } from '../../api/src/services/schedule/schedule';
import { bumpWriteVersion } from '../../api/src/models/write-version';
import { visitRoutes, type VisitsSeeded } from './scale-visits';

const dir = path.resolve(process.env.VISITS_DATA ?? '');
const only = process.argv[2] ? new RegExp(process.argv[2], 'i') : undefined;
const RUNS = Number(process.env.VISITS_RUNS ?? 10);
const seeded = JSON.parse(fs.readFileSync(path.join(dir, 'seeded.json'), 'utf8')) as { visits: VisitsSeeded; };
const engine = await startEngine({ dataDir: path.join(dir, 'db') });
await mongoose.connect(`${engine.uri}sparkleclean?directConnection=true`);
await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
const admin = mongoose.connection.getClient().db('admin');
for (;;) {
  const s = await admin.command({ serverStatus: 1 });
  if (typeof (s.embedded as { indexesReadyMs?: number; } | undefined)?.indexesReadyMs === 'number') break;
  await new Promise((r) => setTimeout(r, 200));
}

const now = new Date();
const query = (p: string) => Object.fromEntries(new URL(p, 'http://x').searchParams);
const call = (p: string): Promise<unknown> => {
  const q = query(p);
  if (p.startsWith('/api/employee/visits')) {
    const { limit = PAGE_LIMIT_DEFAULT, ...rest } = visitsQuerySchema.parse(q);
    return listEmployeeVisits(seeded.visits.cleaner, { ...rest, limit }, now, 48);
  }
  if (p.startsWith('/api/user/visits')) {
    const { limit = PAGE_LIMIT_DEFAULT, ...rest } = visitsQuerySchema.parse(q);
    return listCustomerVisits(seeded.visits.customer, { ...rest, limit }, now);
  }
  if (p.startsWith('/api/admin/visits')) {
    const { limit = PAGE_LIMIT_DEFAULT, ...rest } = adminVisitsQuerySchema.parse(q);
    return listAdminVisits({ ...rest, limit }, now);
  }
  return buildSchedule(scheduleQuerySchema.parse(q), now, {});
};

// Every row once before any is measured, and a pause: the engine sorts its index keys in the background after start.
for (const [, p] of visitRoutes(now.getTime())) await call(p);
await new Promise((r) => setTimeout(r, Number(process.env.VISITS_SETTLE_MS ?? 5000)));
console.log(
  `visits work per request (${process.env.VISITS_MISS ? 'each rebuilt' : 'repeats'}), ${RUNS} runs each after one warm-up; load ${
    loadavg().map((x) => x.toFixed(1)).join(' ')
  }`,
);
for (const [label, p] of visitRoutes(now.getTime())) {
  if (only && !only.test(label)) continue;
  const first = await call(p);
  const bytes = Buffer.byteLength(JSON.stringify(first));
  const profile = process.env.VISITS_PROFILE ? new Session() : undefined;
  if (profile) {
    profile.connect();
    await profile.post('Profiler.enable');
    await profile.post('Profiler.start');
  }
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < RUNS; i++) {
    if (process.env.VISITS_MISS) await bumpWriteVersion('visits');
    await call(p);
  }
  const cpu = process.cpuUsage(c0);
  if (profile) {
    const { profile: data } = await profile.post('Profiler.stop');
    fs.mkdirSync(process.env.VISITS_PROFILE!, { recursive: true });
    fs.writeFileSync(path.join(process.env.VISITS_PROFILE!, `${label.replace(/\W+/g, '-')}.cpuprofile`), JSON.stringify(data));
    profile.disconnect();
  }
  const ms = (performance.now() - t0) / RUNS;
  console.log(
    `${label.padEnd(22)} ${((cpu.user + cpu.system) / 1000 / RUNS).toFixed(1).padStart(7)} CPU ms ${ms.toFixed(1).padStart(7)} ms ${
      (bytes / 1024).toFixed(1).padStart(6)
    } KB  ${p}`,
  );
}
await mongoose.disconnect();
await engine.close();
