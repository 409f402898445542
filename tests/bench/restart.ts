// npm run bench:restart -- DATA_DIR [rounds]: the embedded engine's restart on an existing data
// directory (e.g. one bench:scale kept with SCALE_KEEP=1), on its worker thread as the app runs it,
// alternating a start without the index key file (indexes filled from the documents, as before
// keyfile.ts) and one with it (written by the previous clean close), so both run in the same conditions.
// Per start: open (engine serving), indexes ready, RSS once ready, and the close that writes the file.
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
  let status;
  for (;;) {
    status = (await client.db('admin').command({ serverStatus: 1 })).embedded as { indexesReadyMs: number | null; indexKeysLoaded: number };
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
  console.log(`${(had ? 'with key file' : 'without').padEnd(14)} open ${openMs.toFixed(0)} ms, indexes ready ${readyMs.toFixed(0)} ms (${status.indexKeysLoaded} from the file), RSS ${rss.toFixed(0)} MB, close ${closeMs.toFixed(0)} ms (key file ${keyMb.toFixed(1)} MB); load ${load()}`);
}

await start(false); // warms the OS cache, writes the first key file
for (let i = 0; i < rounds; i++) {
  await start(false);
  await start(true);
}
