// DATA_DIR holds the database, the JWT secret, the mail outbox (one-time codes, invitation links, CVs)
// and uploads on their way in: its owner's only. Folders are made 0700 and files 0600 explicitly, not
// left to the umask (a common 022 made them readable by every local user); a data dir an older
// version left readable is tightened at start. The engine (api/engine/modes.ts) does the same for
// its own files.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { chmod, mkdir, open } from 'node:fs/promises';
import path from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** `dir` (and any missing parent) as a folder only its owner can open; an existing one is made so. */
export function privateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

export async function privateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
}

/**
 * Writes a file only its owner can read. A new file is created with that mode; one already there (whose
 * mode the open leaves as it was) has it set on the open file before a byte goes in.
 */
export async function writePrivateFile(file: string, data: Buffer | string): Promise<void> {
  const handle = await open(file, 'wx', PRIVATE_FILE_MODE).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err;
    const existing = await open(file, 'w', PRIVATE_FILE_MODE);
    await existing.chmod(PRIVATE_FILE_MODE);
    return existing;
  });
  try {
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
}

/**
 * Makes every folder under `dir` (itself included) 0700 and every file 0600; symbolic links are not
 * followed and sockets are left as they are (the engine's is 0600 in a 0700 folder). Returns how many
 * it changed; one it cannot change (another owner's) is reported to `onError` and skipped.
 */
export function tightenDataDir(dir: string, onError: (file: string, err: Error) => void = () => undefined): number {
  let changed = 0;
  const pending = [dir];
  while (pending.length) {
    const at = pending.pop()!;
    try {
      const s = lstatSync(at);
      const want = s.isDirectory() ? PRIVATE_DIR_MODE : s.isFile() ? PRIVATE_FILE_MODE : null;
      if (want === null) continue;
      if ((s.mode & 0o777) !== want) {
        chmodSync(at, want);
        changed++;
      }
      if (s.isDirectory()) { for (const name of readdirSync(at)) pending.push(path.join(at, name)); }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') onError(at, err as Error);
    }
  }
  return changed;
}
