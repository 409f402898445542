// The one place that knows whether mongoose talks to a real MongoDB or to the embedded engine.
import mongoose from 'mongoose';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEngine, type RunningEngine } from '../engine/index';
import type { Config } from './config';

export interface Database {
  kind: 'embedded' | 'mongodb';
  connection: mongoose.Connection;
  close(): Promise<void>;
}

/** Socket paths are limited to ~107 bytes: a deep DATA_DIR gets a private directory under the system temp dir instead. */
export function engineSocketPath(dataDir: string): string {
  const inDataDir = path.join(dataDir, 'run', 'engine.sock');
  if (Buffer.byteLength(inDataDir) <= 100) return inDataDir;
  return path.join(mkdtempSync(path.join(tmpdir(), 'sparkleclean-')), 'engine.sock');
}

export async function connectDatabase(config: Config): Promise<Database> {
  let engine: RunningEngine | undefined;
  let uri = config.mongodbUri;
  let socketPath: string | undefined;
  if (!uri) {
    // Its own thread: the engine's work then runs beside Koa and mongoose instead of between them
    // (bench:api, authenticated bookings list: ~+15 % requests/s on a quiet 2-core machine).
    // A Unix socket in an owner-only directory, not a TCP port: no other process on the host can
    // reach the database (the engine has no authentication of its own).
    socketPath = engineSocketPath(config.dataDir);
    engine = await startEngine({ dataDir: path.join(config.dataDir, 'db'), socketPath, thread: config.engineThread });
    uri = `${engine.uri}sparkleclean?directConnection=true`;
  }
  mongoose.set('strictQuery', true);
  await mongoose.connect(uri, { serverSelectionTimeoutMS: 10_000 });
  // Build every registered model's indexes (unique e-mails, TTLs) before the first request.
  await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
  return {
    kind: engine ? 'embedded' : 'mongodb',
    connection: mongoose.connection,
    async close() {
      await mongoose.disconnect();
      await engine?.close();
      // The fallback socket directory under the temp dir goes with the engine.
      if (socketPath && !socketPath.startsWith(config.dataDir + path.sep)) rmSync(path.dirname(socketPath), { recursive: true, force: true });
    },
  };
}
