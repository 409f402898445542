// npm run bench:engine — throughput of the embedded engine through mongoose on a 100 000-document
// collection, and start-up (journal replay / snapshot load) time with that data. Baselines measured in
// the same run: the same operations on a plain JS Map, and raw driver `ping` round trips (wire cost).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ObjectId, serialize } from 'bson';
import mongoose, { Schema } from 'mongoose';
import { Cursors } from '../../api/engine/cursors';
import { startEngine } from '../../api/engine/index';
import { runCommand } from '../../api/engine/server';
import { Store } from '../../api/engine/store';
import { decodeMessage, encodeReply } from '../../api/engine/wire';

const N = Number(process.env.BENCH_DOCS ?? 100_000);
const CONCURRENCY = 16;
const LOOKUPS = 30_000;
// By default the engine runs on its own worker thread, as the app runs it (api/src/db.ts);
// BENCH_ENGINE_THREAD=0 puts it on the client's thread, sharing one event loop and one heap.
const thread = process.env.BENCH_ENGINE_THREAD !== '0';

/** Wall-clock time, and CPU time of this process (the machine may be shared: CPU shows capacity). */
interface Timing {
  ms: number;
  cpuMs: number;
}

async function parallel(total: number, fn: (i: number) => Promise<unknown>): Promise<Timing> {
  let next = 0;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) await fn(next++);
    }),
  );
  const cpu = process.cpuUsage(c0);
  return { ms: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000 };
}

const rate = (ops: number, ms: number) => Math.round((ops / ms) * 1000);
const line = (label: string, value: string, target = '') => console.log(`${label.padEnd(46)} ${value.padStart(16)}  ${target}`);
const both = (ops: number, t: Timing) => `${rate(ops, t.ms)} (${rate(ops, t.cpuMs)}/cpu-s)`;

/** An OP_MSG as the driver would send it. */
function opMsg(cmd: object): Buffer {
  const body = serialize(cmd);
  const h = Buffer.alloc(21);
  h.writeInt32LE(21 + body.length, 0);
  h.writeInt32LE(1, 4);
  h.writeInt32LE(2013, 12);
  return Buffer.concat([h, body]);
}

/** The engine's own cost per operation: decode, execute, journal, encode — no socket, no client. */
function engineAlone(docs: number): void {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-bench-alone-'));
  const store = new Store(d);
  store.open();
  const cursors = new Cursors();
  const run = (cmd: object) => {
    const req = decodeMessage(opMsg({ ...cmd, $db: 'alone', lsid: { id: new ObjectId() } }));
    encodeReply(req, runCommand(store, cursors, req.command, 1));
    store.commit(false);
  };
  try {
    run({ createIndexes: 'items', indexes: [{ key: { email: 1 }, name: 'email_1', unique: true }] });
    let t0 = performance.now();
    for (let i = 0; i < docs; i++) {
      run({ insert: 'items', documents: [{ _id: new ObjectId(), email: `user${i}@example.com`, n: i, name: `User number ${i}`, tags: ['a', 'b'], __v: 0 }] });
    }
    line('engine alone: inserts/s (no socket, no client)', String(rate(docs, performance.now() - t0)));
    t0 = performance.now();
    for (let i = 0; i < docs; i++) run({ find: 'items', filter: { email: `user${(i * 7919) % docs}@example.com` }, limit: 1, singleBatch: true });
    line('engine alone: findOne by unique key/s', String(rate(docs, performance.now() - t0)));
  } finally {
    store.close();
    cursors.close();
    fs.rmSync(d, { recursive: true, force: true });
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-bench-'));
try {
  let engine = await startEngine({ dataDir: dir, thread });
  const conn = await mongoose.createConnection(engine.uri, { dbName: 'bench', directConnection: true }).asPromise();
  const Item = conn.model('Item', new Schema({ email: { type: String, unique: true }, n: Number, name: String, tags: [String] }));
  await Item.init();
  const doc = (i: number) => ({ email: `user${i}@example.com`, n: i, name: `User number ${i}`, tags: ['a', 'b'] });

  console.log(
    `Embedded engine benchmark: ${N} documents, ${CONCURRENCY} concurrent clients, engine on ${
      thread ? 'its own worker thread' : 'the client thread'
    }, node ${process.version}, ${os.cpus().length} CPUs\n`,
  );
  console.log(`load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}; figures are ops/s wall clock (ops per CPU-second of this process)\n`);
  const insertT = await parallel(N, (i) => Item.create(doc(i)));
  line('inserts/s (mongoose Model.create, 1 doc each)', both(N, insertT), 'target >= 3000');

  const lookupT = await parallel(LOOKUPS, async (i) => {
    const k = (i * 7919) % N;
    const found = await Item.findOne({ email: `user${k}@example.com` }).lean();
    if (found?.n !== k) throw new Error(`lookup ${k} returned ${JSON.stringify(found)}`);
  });
  line('findOne by unique key/s (mongoose, lean)', both(LOOKUPS, lookupT), 'target >= 5000');

  const raw = conn.db!.collection('items');
  const driverT = await parallel(LOOKUPS, (i) => raw.findOne({ email: `user${(i * 7919) % N}@example.com` }));
  line('baseline: driver findOne by unique key/s', both(LOOKUPS, driverT));

  const pingT = await parallel(LOOKUPS, () => conn.db!.command({ ping: 1 }));
  line('baseline: driver ping round trips/s', both(LOOKUPS, pingT));

  engineAlone(Math.min(N, 20_000));

  const map = new Map<string, ReturnType<typeof doc>>();
  let t0 = performance.now();
  for (let i = 0; i < N; i++) map.set(`user${i}@example.com`, doc(i));
  line('baseline: JS Map inserts/s', String(rate(N, performance.now() - t0)));
  t0 = performance.now();
  for (let i = 0; i < LOOKUPS; i++) if (!map.get(`user${(i * 7919) % N}@example.com`)) throw new Error('map');
  line('baseline: JS Map lookups/s', String(rate(LOOKUPS, performance.now() - t0)));

  await conn.close();
  await engine.close();
  const journalMb = fs.readdirSync(dir).reduce((a, f) => a + fs.statSync(path.join(dir, f)).size, 0) / 1e6;

  const startUp = async () => {
    const w0 = performance.now();
    const c0 = process.cpuUsage();
    engine = await startEngine({ dataDir: dir, thread });
    const cpu = process.cpuUsage(c0);
    return `${Math.round(performance.now() - w0)} ms (cpu ${Math.round((cpu.user + cpu.system) / 1000)} ms)`;
  };
  line(`start-up: replay journal (${journalMb.toFixed(1)} MB on disk)`, await startUp(), 'target <= 2000 ms');
  await engine.close();
  const second = await startUp();
  line('start-up: second restart', second, `(${fs.readdirSync(dir).sort().join(', ')})`);
  const check = await mongoose.createConnection(engine.uri, { dbName: 'bench', directConnection: true }).asPromise();
  const count = await check.db!.collection('items').countDocuments();
  if (count !== N) throw new Error(`expected ${N} documents after restart, found ${count}`);
  await check.close();
  await engine.close();
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
