// Handshake and server-level commands the driver sends.
import { Long } from 'bson';
import type { Handler } from './context.js';

export const MAX_BSON = 16 * 1024 * 1024;

const hello: Handler = (ctx) => ({
  helloOk: true,
  ismaster: true,
  isWritablePrimary: true,
  maxBsonObjectSize: MAX_BSON,
  maxMessageSizeBytes: 48_000_000,
  maxWriteBatchSize: 100_000,
  localTime: new Date(),
  logicalSessionTimeoutMinutes: 30,
  connectionId: ctx.connectionId,
  minWireVersion: 0,
  maxWireVersion: 21,
  readOnly: false,
  ok: 1,
});

export const adminCommands: Record<string, Handler> = {
  hello,
  ismaster: hello,
  isMaster: hello,
  ping: () => ({ ok: 1 }),
  buildInfo: () => ({
    version: '7.0.0',
    gitVersion: 'embedded',
    versionArray: [7, 0, 0, 0],
    bits: 64,
    maxBsonObjectSize: MAX_BSON,
    storageEngines: ['embedded'],
    ok: 1,
  }),
  buildinfo: () => ({ version: '7.0.0', versionArray: [7, 0, 0, 0], ok: 1 }),
  getParameter: () => ({ ok: 1 }),
  getLastError: () => ({ n: 0, err: null, ok: 1 }),
  endSessions: () => ({ ok: 1 }),
  killSessions: () => ({ ok: 1 }),
  startSession: () => ({ id: { id: new Long(0) }, timeoutMinutes: 30, ok: 1 }),
  refreshSessions: () => ({ ok: 1 }),
  // `embedded.indexesReadyMs`: how long filling and sorting the indexes took after start-up (absent while under way);
  // `indexKeysLoaded`: indexes whose keys came from the key file a clean close wrote (keyfile.ts).
  serverStatus: (ctx) => ({
    host: '127.0.0.1',
    version: '7.0.0',
    process: 'embedded',
    uptime: process.uptime(),
    localTime: new Date(),
    embedded: { indexesReadyMs: ctx.store.indexesReadyMs ?? null, indexKeysLoaded: ctx.store.keysLoaded },
    ok: 1,
  }),
  hostInfo: () => ({ system: { currentTime: new Date(), hostname: '127.0.0.1' }, ok: 1 }),
  whatsmyuri: () => ({ you: '127.0.0.1', ok: 1 }),
  getCmdLineOpts: () => ({ argv: [], parsed: {}, ok: 1 }),
  connectionStatus: () => ({ authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 }),
};
