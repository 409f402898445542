// One engine per data directory: a lock file holding the owner's pid. A lock left by a dead process
// is taken over; a live owner makes start-up fail with a clear message.
import fs from 'node:fs';
import path from 'node:path';
import { openPrivate } from './modes.js';

const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const lockFile = (dataDir: string) => path.join(path.resolve(dataDir), 'engine.lock');
const inUse = (dataDir: string) => new Error(`Data directory ${dataDir} is already in use by an engine in this process`);

/**
 * Claims a data directory for an engine on a worker thread of this process. The lock file only holds
 * the pid, which the thread shares with us, so the claim is what keeps two engines of one process apart.
 */
export function reserveInProcess(dataDir: string): () => void {
  const file = lockFile(dataDir);
  if (held.has(file)) throw inUse(dataDir);
  held.add(file);
  return () => held.delete(file);
}

export function acquireLock(dataDir: string): () => void {
  const file = lockFile(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    if (held.has(file)) throw inUse(dataDir);
    try {
      const fd = openPrivate(file, 'wx');
      try {
        fs.writeSync(fd, String(process.pid));
      } finally {
        fs.closeSync(fd);
      }
      held.add(file);
      return () => {
        held.delete(file);
        fs.rmSync(file, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new Error(`Data directory ${dataDir} is locked by another engine process (pid ${pid}); stop it or use another DATA_DIR`, { cause: e });
      }
      fs.rmSync(file, { force: true }); // stale lock from a dead process
    }
  }
  throw new Error(`Could not lock data directory ${dataDir}`);
}
