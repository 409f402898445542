// The embedded database accepts only the app: it listens on a Unix socket inside DATA_DIR (owner-only
// directory, socket 0600), not on a TCP port any local process could open without a password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import mongoose from 'mongoose';
import { startTestServer, type TestServer } from '../support/test-server';
import { insertCustomer } from '../support/customers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ BCRYPT_COST: '4' });
  await insertCustomer(s);
});
afterAll(async () => {
  await s?.close();
});

/** The same driver the app uses (mongoose's own), for a client that is not the app. */
const driverPath = createRequire(createRequire(import.meta.url).resolve('mongoose')).resolve('mongodb');

/** The connection string the app's mongoose connected with: what another client would have to use. */
const appDatabaseUri = (): string => (mongoose.connection as unknown as { _connectionString: string; })._connectionString;
/** Where that connection goes: a socket path, or host:port on old builds. */
const appDatabaseAddress = (): string => String(mongoose.connection.getClient().options.hosts[0]);

/** Runs a separate Node process (optionally as another user) that tries to read the users collection. */
function otherClient(uri: string, uid?: number): Promise<{ code: number | null; out: string; }> {
  const script = `
    const { MongoClient } = require(${JSON.stringify(driverPath)});
    const c = new MongoClient(process.argv[1], { serverSelectionTimeoutMS: 1500 });
    c.connect().then(() => c.db().collection('users').countDocuments()).then(
      (n) => { console.log('OPENED ' + n); process.exit(0); },
      (e) => { console.log('REFUSED ' + e.message); process.exit(3); });`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', script, uri], { uid, gid: uid, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('embedded database access', () => {
  it('the app reaches it through a Unix socket in DATA_DIR: owner-only directory, socket 0600', () => {
    const host = appDatabaseAddress();
    expect(host.startsWith(s.dataDir)).toBe(true);
    const socket = statSync(host);
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
    expect(statSync(host.slice(0, host.lastIndexOf('/'))).mode & 0o777).toBe(0o700);
  });

  it('a client that is not the app cannot open it', async () => {
    const uri = appDatabaseUri();
    if (process.getuid?.() === 0) {
      // Another local user (nobody), as any other process on the host would be.
      const r = await otherClient(uri, 65534);
      expect(r.out).toMatch(/REFUSED/);
      expect(r.out).not.toMatch(/OPENED/);
    } else {
      // Without root no other user can be played: nothing but the owner may enter the socket's directory.
      expect(statSync(appDatabaseAddress()).uid).toBe(process.getuid?.());
      expect(uri).toMatch(/^mongodb:\/\/%2F/);
    }
  });

  it('the unmodified driver opens a mongodb://%2Fpath%2Fto.sock URI (the app itself, same user)', async () => {
    const r = await otherClient(appDatabaseUri());
    expect(r.out).toMatch(/OPENED [1-9]/);
  });
});
