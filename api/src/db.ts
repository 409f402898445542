// The one place that knows whether mongoose talks to a real MongoDB or to the embedded engine.
import mongoose from 'mongoose';
import path from 'node:path';
import { startEngine, type RunningEngine } from '../engine/index';
import type { Config } from './config';

export interface Database {
  kind: 'embedded' | 'mongodb';
  connection: mongoose.Connection;
  close(): Promise<void>;
}

export async function connectDatabase(config: Config): Promise<Database> {
  let engine: RunningEngine | undefined;
  let uri = config.mongodbUri;
  if (!uri) {
    // Its own thread: the engine's work then runs beside Koa and mongoose instead of between them
    // (bench:api, authenticated bookings list: ~+15 % requests/s on a quiet 2-core machine).
    engine = await startEngine({ dataDir: path.join(config.dataDir, 'db'), port: 0, thread: true });
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
    },
  };
}
