// The work one office list request costs at scale, without the noise of a shared machine's latency:
// the engine in this process (its own thread's time is ours), each route's paths (bench:scale's office
// rows) called through their services a few times, one after the other, reporting CPU ms per request
// and the answer's size. Run on a copy of a bench:scale SCALE_DATA directory:
//   OFFICE_DATA=/tmp/copy npx tsx tests/bench/office-work.ts [regex of row labels]
import fs from 'node:fs';
import path from 'node:path';
import { loadavg } from 'node:os';
import mongoose from 'mongoose';
import { startEngine } from '../../api/engine/index';
import { auditQuerySchema, boardQuerySchema, customersQuerySchema } from '@shared/schemas/office';
import { inboxQuerySchema } from '@shared/schemas/inbox';
import { timesheetQuerySchema } from '@shared/schemas/timesheets';
import { listCustomers } from '../../api/src/services/office/customers';
import { listBoard } from '../../api/src/services/office/board-list';
import { listAudit } from '../../api/src/services/office/audit';
import { listInbox } from '../../api/src/services/office/inbox';
import { backfillInboxSearchKeys } from '../../api/src/services/office/inbox-search';
import { listTimesheets } from '../../api/src/services/office/timesheet-list';
import { officeRoutes } from './scale-office';

const dir = path.resolve(process.env.OFFICE_DATA ?? '');
const only = process.argv[2] ? new RegExp(process.argv[2], 'i') : undefined;
const RUNS = Number(process.env.OFFICE_RUNS ?? 5);
const seeded = JSON.parse(fs.readFileSync(path.join(dir, 'seeded.json'), 'utf8')) as { heavy: string; admin: string; };
// OFFICE_URI + ENGINE_PID: an engine kept open elsewhere (no index fill per run); its CPU read from /proc.
const engine = process.env.OFFICE_URI ? undefined : await startEngine({ dataDir: path.join(dir, 'db') });
await mongoose.connect(`${process.env.OFFICE_URI ?? engine!.uri}sparkleclean?directConnection=true`);
const enginePid = process.env.ENGINE_PID;
const engineCpuMs = () => {
  if (!enginePid) return 0;
  const f = fs.readFileSync(`/proc/${enginePid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
// What the server does at start on a data directory from before the inbox's search words.
await backfillInboxSearchKeys();
const admin = mongoose.connection.getClient().db('admin');
for (;;) {
  const s = await admin.command({ serverStatus: 1 });
  if (typeof (s.embedded as { indexesReadyMs?: number; } | undefined)?.indexesReadyMs === 'number') break;
  await new Promise((r) => setTimeout(r, 200));
}

const query = (p: string) => Object.fromEntries(new URL(p, 'http://x').searchParams);
const call = (p: string): Promise<unknown> => {
  const q = query(p);
  if (p.startsWith('/api/admin/customers')) return listCustomers(customersQuerySchema.parse(q));
  if (p.startsWith('/api/admin/bookings')) return listBoard(boardQuerySchema.parse(q), Date.now());
  if (p.startsWith('/api/admin/audit')) return listAudit(auditQuerySchema.parse(q));
  if (p.startsWith('/api/admin/inbox')) return listInbox(inboxQuerySchema.parse(q));
  if (p.startsWith('/api/admin/timesheets')) return listTimesheets(timesheetQuerySchema.parse(q), new Date());
  return Promise.resolve(undefined);
};

console.log(`office work per request, ${RUNS} runs each after one warm-up; load ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
// OFFICE_CUSTOMERS: the step's customers (its searches name customers by a share of them).
for (const [label, paths] of officeRoutes(seeded, Number(process.env.OFFICE_CUSTOMERS ?? 10_000))) {
  if (only && !only.test(label)) continue;
  for (const p of paths) {
    if (!p.match(/customers|bookings|audit|inbox|timesheets/)) continue;
    const first = await call(p);
    const bytes = Buffer.byteLength(JSON.stringify(first));
    const c0 = process.cpuUsage();
    const e0 = engineCpuMs();
    const t0 = performance.now();
    for (let i = 0; i < RUNS; i++) await call(p);
    const cpu = process.cpuUsage(c0);
    cpu.user += (engineCpuMs() - e0) * 1000;
    const ms = (performance.now() - t0) / RUNS;
    const total = (first as { total?: number; }).total;
    console.log(
      `${label.padEnd(22)} ${((cpu.user + cpu.system) / 1000 / RUNS).toFixed(1).padStart(7)} CPU ms ${ms.toFixed(1).padStart(7)} ms ${
        (bytes / 1024).toFixed(1).padStart(6)
      } KB total ${total}  ${p.replace(/^\/api\/admin/, '')}`,
    );
  }
}
await mongoose.disconnect();
await engine?.close();
