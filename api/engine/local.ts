// The engine on the calling thread: store, TCP server, TTL sweep. index.ts runs it in a worker thread by default.
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type net from 'node:net';
import path from 'node:path';
import { closeBackups, resumeArchive } from './backup.js';
import { Cursors } from './cursors.js';
import { createServer } from './server.js';
import { Store } from './store.js';
import { DEFAULT_TTL_SWEEP_MS, sweepExpired } from './ttl.js';
import type { EngineOptions, RunningEngine } from './types.js';

export async function startLocalEngine(opts: EngineOptions): Promise<RunningEngine> {
  const host = opts.host ?? '127.0.0.1';
  const store = new Store(opts.dataDir, { readChunkBytes: opts.readChunkBytes });
  store.open();
  resumeArchive(store);
  const cursors = new Cursors();
  const server = createServer(store, cursors);
  const sockets = new Set<net.Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      if (opts.socketPath) {
        // The directory is owner-only before the socket exists, so there is no moment where another
        // user could connect; a socket left by a crashed run is replaced (the data-dir lock already
        // guarantees no other engine is using it).
        mkdirSync(path.dirname(opts.socketPath), { recursive: true, mode: 0o700 });
        chmodSync(path.dirname(opts.socketPath), 0o700);
        rmSync(opts.socketPath, { force: true });
        server.listen(opts.socketPath, () => {
          chmodSync(opts.socketPath!, 0o600);
          resolve();
        });
      } else server.listen(opts.port ?? 0, host, () => resolve());
    });
  } catch (e) {
    store.close();
    throw e;
  }
  const ttl = setInterval(() => sweepExpired(store), opts.ttlSweepMs ?? DEFAULT_TTL_SWEEP_MS);
  ttl.unref();
  const port = opts.socketPath ? 0 : (server.address() as AddressInfo).port;
  let closed: Promise<void> | undefined;
  return {
    uri: opts.socketPath ? `mongodb://${encodeURIComponent(opts.socketPath)}/` : `mongodb://${host}:${port}/`,
    port,
    close() {
      closed ??= new Promise<void>((resolve) => {
        clearInterval(ttl);
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }).then(() => {
        cursors.close();
        store.close();
        closeBackups(store);
      });
      return closed;
    },
  };
}
