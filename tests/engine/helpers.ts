// Where the conformance tests run: the embedded engine (default) or a real MongoDB when MONGODB_URI
// is set, so the engine's answers can be checked against the real thing. Each test file gets its
// own database name.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { startEngine, type RunningEngine } from '../../api/engine/index';

export const realMongo = !!process.env.MONGODB_URI;

export interface TestTarget {
  uri: string;
  dbName: string;
  client: InstanceType<typeof mongoose.mongo.MongoClient>;
  db: ReturnType<InstanceType<typeof mongoose.mongo.MongoClient>['db']>;
  /** A mongoose connection of its own (no global mongoose state shared between files). */
  conn: mongoose.Connection;
  close(): Promise<void>;
}

export function tempDir(prefix = 'engine-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * Opens the test target. `embeddedOnly` is for behaviour specific to the embedded engine (its refusals
 * of unsupported features), which a real server answers differently.
 */
export async function openTarget(label: string, engineOpts: { ttlSweepMs?: number; thread?: boolean; } = {}, embeddedOnly = false): Promise<TestTarget> {
  let engine: RunningEngine | undefined;
  let dir: string | undefined;
  let uri = embeddedOnly ? undefined : process.env.MONGODB_URI;
  if (!uri) {
    dir = tempDir();
    engine = await startEngine({ dataDir: dir, ...engineOpts });
    uri = engine.uri;
  }
  const dbName = `t_${label}_${process.pid}_${Date.now().toString(36)}`;
  const client = new mongoose.mongo.MongoClient(uri, { directConnection: true, serverSelectionTimeoutMS: 5000 });
  await client.connect();
  const conn = await mongoose.createConnection(uri, { dbName, directConnection: true, serverSelectionTimeoutMS: 5000 }).asPromise();
  return {
    uri,
    dbName,
    client,
    db: client.db(dbName),
    conn,
    async close() {
      if (!engine) await client.db(dbName).dropDatabase();
      await conn.close();
      await client.close();
      await engine?.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
