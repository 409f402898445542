// npm run bench:restart -- DATA_DIR [rounds]: the embedded engine's restart on an existing data
// directory (e.g. one bench:scale kept with SCALE_KEEP=1), on its worker thread as the app runs it,
// alternating a start without the index key file (indexes filled from the documents, as before
// keyfile.ts) and one with it (written by the previous clean close), so both run in the same conditions.
// Per start: open (engine serving), the first answers right after it (a query in the order of each
// index of the largest collection, one after another, as the app's first requests would come) with
// the longest a `ping` from another connection waited meanwhile (the engine thread held), indexes
// ready, RSS once ready, and the close that writes the file.
// BENCH_FIRST=0 skips the first answers (open and ready as before).
import fs from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { startEngine } from '../../api/engine/index';
import { KEY_FILE } from '../../api/engine/keyfile';

const dir = process.argv[2];
const rounds = Number(process.argv[3] ?? 2);
if (!dir || !fs.existsSync(path.join(dir, 'snapshot.bson'))) throw new Error('usage: npm run bench:restart -- DATA_DIR (an engine data directory) [rounds]');
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
console.log(`bench:restart ${dir}, load average ${load()}`);

async function start(withKeys: boolean) {
  if (!withKeys) fs.rmSync(path.join(dir, KEY_FILE), { force: true });
  const had = fs.existsSync(path.join(dir, KEY_FILE));
  const t0 = performance.now();
  const engine = await startEngine({ dataDir: dir, thread: true });
  const openMs = performance.now() - t0;
  const client = new mongoose.mongo.MongoClient(engine.uri, { directConnection: true });
  await client.connect();
  const first = process.env.BENCH_FIRST === '0' ? '' : await firstAnswers(engine.uri, client);
  let status;
  for (;;) {
    status = (await client.db('admin').command({ serverStatus: 1 })).embedded as { indexesReadyMs: number | null; indexKeysLoaded: number; };
    if (typeof status.indexesReadyMs === 'number') break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const readyMs = performance.now() - t0;
  const rss = process.memoryUsage().rss / 1048576;
  await client.close();
  const c0 = performance.now();
  await engine.close();
  const closeMs = performance.now() - c0;
  const keyMb = fs.existsSync(path.join(dir, KEY_FILE)) ? fs.statSync(path.join(dir, KEY_FILE)).size / 1048576 : 0;
  console.log(
    `${(had ? 'with key file' : 'without').padEnd(14)} open ${openMs.toFixed(0)} ms, indexes ready ${
      readyMs.toFixed(0)
    } ms (${status.indexKeysLoaded} from the file), RSS ${rss.toFixed(0)} MB, ${first}close ${closeMs.toFixed(0)} ms (key file ${
      keyMb.toFixed(1)
    } MB); load ${load()}`,
  );
}

type Client = InstanceType<typeof mongoose.mongo.MongoClient>;

/** Queries in the order of each index of the largest collection; the slowest, and the longest ping meanwhile. */
async function firstAnswers(uri: string, client: Client): Promise<string> {
  const t0 = performance.now();
  let largest = { db: '', coll: '', n: -1 };
  for (const { name: db } of (await client.db('admin').admin().listDatabases()).databases) {
    for (const { name } of await client.db(db).listCollections().toArray()) {
      const n = await client.db(db).collection(name).estimatedDocumentCount();
      if (n > largest.n) largest = { db, coll: name, n };
    }
  }
  const coll = client.db(largest.db).collection(largest.coll);
  const prober = new mongoose.mongo.MongoClient(uri, { directConnection: true });
  await prober.connect();
  let done = false;
  let worstPing = 0;
  const probing = (async () => {
    while (!done) {
      const p0 = performance.now();
      await prober.db('admin').command({ ping: 1 });
      worstPing = Math.max(worstPing, performance.now() - p0);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  let slowest = ['', 0] as [string, number];
  for (const ix of await coll.indexes()) {
    const field = Object.keys(ix.key)[0];
    const q0 = performance.now();
    await coll.find({ [field]: { $ne: null } }).sort({ [field]: -1 }).limit(1).toArray();
    const ms = performance.now() - q0;
    if (ms > slowest[1]) slowest = [String(ix.name), ms];
  }
  done = true;
  await probing;
  await prober.close();
  return `first answers (${largest.coll}, each index) done ${(performance.now() - t0).toFixed(0)} ms after open, slowest ${slowest[1].toFixed(0)} ms (${
    slowest[0]
  }), ping max ${worstPing.toFixed(0)} ms meanwhile, `;
}

await start(false); // warms the OS cache, writes the first key file
for (let i = 0; i < rounds; i++) {
  await start(false);
  await start(true);
}
