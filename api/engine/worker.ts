// Worker-thread entry: starts the engine here and answers the parent's 'close' with 'closed' once the
// journal is flushed and fsynced and the lock released.
import { parentPort, workerData } from 'node:worker_threads';
import { startLocalEngine } from './local.js';
import type { EngineOptions } from './types.js';

const port = parentPort!;
try {
  const engine = await startLocalEngine(workerData as EngineOptions);
  port.on('message', (msg: unknown) => {
    if (msg !== 'close') return;
    engine.close().then(
      () => port.postMessage({ type: 'closed' }),
      (e: Error) => port.postMessage({ type: 'closed', error: e.message }),
    );
  });
  port.postMessage({ type: 'started', port: engine.port, uri: engine.uri });
} catch (e) {
  // The parent rethrows it (e.g. the data directory is locked by another process).
  port.postMessage({ type: 'failed', message: (e as Error).message });
}
