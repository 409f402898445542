// How the backup/restore tools reach the database: MONGODB_URI when set; otherwise the running
// server's engine on its owner-only socket (DATA_DIR/run/engine.sock); otherwise, when no server runs,
// the embedded data dir opened in this process (its lock then keeps a server from starting meanwhile).
import fs from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { startEngine, type RunningEngine } from '../../engine/index';

export interface ToolDatabase {
  client: mongoose.mongo.MongoClient;
  kind: 'embedded' | 'mongodb';
  close(): Promise<void>;
}

export async function connectTool(env: NodeJS.ProcessEnv, opts: { ownEngineOnly?: boolean; } = {}): Promise<ToolDatabase> {
  const uri = env.MONGODB_URI || undefined;
  if (uri) return wrap(await new mongoose.mongo.MongoClient(uri).connect(), 'mongodb');
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const socket = path.join(dataDir, 'run', 'engine.sock');
  if (!opts.ownEngineOnly && fs.existsSync(socket)) {
    try {
      const client = new mongoose.mongo.MongoClient(`mongodb://${encodeURIComponent(socket)}/?directConnection=true`, { serverSelectionTimeoutMS: 2000 });
      await client.connect();
      await client.db('admin').command({ ping: 1 });
      return wrap(client, 'embedded');
    } catch {
      // A socket left by a server that is gone: open the data dir here instead (the lock decides).
    }
  }
  const engine = await startEngine({ dataDir: path.join(dataDir, 'db') });
  return wrap(await new mongoose.mongo.MongoClient(`${engine.uri}?directConnection=true`).connect(), 'embedded', engine);
}

function wrap(client: mongoose.mongo.MongoClient, kind: ToolDatabase['kind'], engine?: RunningEngine): ToolDatabase {
  return {
    client,
    kind,
    async close() {
      await client.close();
      await engine?.close();
    },
  };
}

/** Runs `work` on the tool's database and closes it whatever happens. */
export async function withToolDatabase<T>(env: NodeJS.ProcessEnv, opts: { ownEngineOnly?: boolean; }, work: (db: ToolDatabase) => Promise<T>): Promise<T> {
  const db = await connectTool(env, opts);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** A tool's entry point: its exit code, or 1 with "<name> failed: <why>" (no stack trace). */
export function runTool(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: Error) => {
      console.error(`${name} failed: ${err.message}`);
      process.exit(1);
    },
  );
}
