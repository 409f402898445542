// The engine on the calling thread: store, TCP server, TTL sweep. index.ts runs it in a worker thread by default.
import type { AddressInfo } from 'node:net';
import type net from 'node:net';
import { Cursors } from './cursors.js';
import { createServer } from './server.js';
import { Store } from './store.js';
import { DEFAULT_TTL_SWEEP_MS, sweepExpired } from './ttl.js';
import type { EngineOptions, RunningEngine } from './types.js';

export async function startLocalEngine(opts: EngineOptions): Promise<RunningEngine> {
  const host = opts.host ?? '127.0.0.1';
  const store = new Store(opts.dataDir, { readChunkBytes: opts.readChunkBytes });
  store.open();
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
      server.listen(opts.port ?? 0, host, () => resolve());
    });
  } catch (e) {
    store.close();
    throw e;
  }
  const ttl = setInterval(() => sweepExpired(store), opts.ttlSweepMs ?? DEFAULT_TTL_SWEEP_MS);
  ttl.unref();
  const port = (server.address() as AddressInfo).port;
  let closed: Promise<void> | undefined;
  return {
    uri: `mongodb://${host}:${port}/`,
    port,
    close() {
      closed ??= new Promise<void>((resolve) => {
        clearInterval(ttl);
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }).then(() => {
        cursors.close();
        store.close();
      });
      return closed;
    },
  };
}
