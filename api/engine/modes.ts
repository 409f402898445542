// Everything the engine writes is its owner's only — folders 0700, files 0600 — set explicitly, not
// left to the umask (a common 022 made the journal and snapshot readable by every local user). The
// engine imports nothing from the app, so it has this of its own.
import fs from 'node:fs';

export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

/** `dir` (and any missing parent) as an owner-only folder; an existing one is made so. */
export function privateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  fs.chmodSync(dir, DIR_MODE);
}

/** Opens (creating if needed) a file only its owner can read; one that already exists is made so. */
export function openPrivate(file: string, flags: string): number {
  const fd = fs.openSync(file, flags, FILE_MODE);
  try {
    fs.fchmodSync(fd, FILE_MODE);
  } catch (e) {
    fs.closeSync(fd);
    throw e;
  }
  return fd;
}
