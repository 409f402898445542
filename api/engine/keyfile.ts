// Index keys kept across a clean restart: close() writes every index's sorted keys and owners to
// `index-keys.bin` once the journal is closed; the next open takes them instead of filling the indexes
// from every document (and sorting them) again. The file is used only when the snapshot and journals
// are exactly the files it was written beside (size, mtime, inode of each): a crash, an old engine
// that wrote on, or a compaction since all change one of them, and the indexes are then filled from
// the documents as before. It is removed once read, so only a clean close leaves one.
import fs from 'node:fs';
import path from 'node:path';
import type { Document } from 'bson';
import type { Collection } from './collection.js';
import { frame, readRecords, syncDir } from './journal.js';
import { openPrivate } from './modes.js';

export const KEY_FILE = 'index-keys.bin';
const VERSION = 1;
/** Keys (or ids) per record: a record's JSON stays a few MB, far below BSON's 16 MiB. */
const CHUNK = 50_000;

type Stamp = [name: string, size: number, mtimeMs: number, ino: number];

/** The snapshot and journal files as they are now: what the key file must have been written beside. */
function stamps(dataDir: string): Stamp[] {
  return fs
    .readdirSync(dataDir)
    .filter((f) => f === 'snapshot.bson' || /^journal\.\d+\.bson$/.test(f))
    .sort()
    .map((f) => {
      const s = fs.statSync(path.join(dataDir, f));
      return [f, s.size, s.mtimeMs, s.ino];
    });
}

/** Writes the key file (temp, fsync, rename): the journal must be closed, so nothing changes meanwhile. */
export function writeKeyFile(dataDir: string, collections: Collection[]): void {
  const tmp = path.join(dataDir, KEY_FILE + '.tmp');
  const fd = openPrivate(tmp, 'w');
  try {
    const out = (r: Document) => {
      const b = frame(r);
      let off = 0;
      while (off < b.length) off += fs.writeSync(fd, b, off, b.length - off);
    };
    out({ o: 'khdr', v: VERSION, files: stamps(dataDir) });
    for (const c of collections) {
      const ids = [...c.docs.keys()];
      const ord = new Map<string, number>();
      for (let i = 0; i < ids.length; i++) ord.set(ids[i], i);
      for (let i = 0; i < ids.length || i === 0; i += CHUNK) out({ o: 'kid', ns: c.ns, n: ids.length, ids: JSON.stringify(ids.slice(i, i + CHUNK)) });
      for (const ix of c.indexes.values()) {
        if (ix.filling) continue; // its keys are not all there: the next start fills it
        const [keys, owners] = ix.entries();
        const spec = JSON.stringify(ix.spec);
        for (let i = 0; i < keys.length || i === 0; i += CHUNK) {
          const part = owners.slice(i, i + CHUNK).map((o) => (typeof o === 'string' ? ord.get(o)! : [...o].map((id) => ord.get(id)!)));
          out({ o: 'kx', ns: c.ns, name: ix.name, spec, mk: ix.multikeyNow, n: keys.length, k: JSON.stringify(keys.slice(i, i + CHUNK)), v: JSON.stringify(part) });
        }
      }
    }
    out({ o: 'kend' });
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(tmp, path.join(dataDir, KEY_FILE));
    syncDir(dataDir);
  } catch (e) {
    try {
      fs.closeSync(fd);
    } catch {
      // already closed
    }
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

/** Whether a key file is there and was written beside exactly the snapshot and journals now on disk. */
export function keyFileMatches(dataDir: string): boolean {
  const file = path.join(dataDir, KEY_FILE);
  fs.rmSync(file + '.tmp', { force: true }); // a close cut short
  if (!fs.existsSync(file)) return false;
  let hdr: Document | undefined;
  try {
    readRecords(file, (r) => {
      hdr = r;
      throw new FirstRecord();
    });
  } catch (e) {
    if (!(e instanceof FirstRecord)) return false;
  }
  return hdr?.o === 'khdr' && Number(hdr.v) === VERSION && JSON.stringify(hdr.files) === JSON.stringify(stamps(dataDir));
}

class FirstRecord extends Error {}

/**
 * After the replay: gives each index the keys the file holds for it, when its collection has the same
 * documents in the same order as when the file was written (else that collection's indexes stay to be
 * filled). Returns the indexes taken from the file; removes the file.
 */
export function loadKeyFile(dataDir: string, find: (ns: string) => Collection | undefined): number {
  const file = path.join(dataDir, KEY_FILE);
  let loaded = 0;
  try {
    const ok = new Map<string, boolean>();
    let idsAt = 0;
    let current: { ns: string; name: string; keys: string[]; owners: (string | Set<string>)[]; order: string[] } | undefined;
    let ended = false;
    const byNs = new Map<string, string[]>();
    const { validEnd, size } = readRecords(file, (r) => {
      const ns = String(r.ns ?? '');
      if (r.o === 'kid') {
        const c = find(ns);
        if (!byNs.has(ns)) {
          byNs.set(ns, c ? [...c.docs.keys()] : []);
          idsAt = 0;
          ok.set(ns, !!c && c.docs.size === Number(r.n));
        }
        const order = byNs.get(ns)!;
        const ids = JSON.parse(String(r.ids)) as string[];
        if (ok.get(ns)) for (let i = 0; i < ids.length; i++) if (order[idsAt + i] !== ids[i]) ok.set(ns, false);
        idsAt += ids.length;
      } else if (r.o === 'kx') {
        const c = find(ns);
        const ix = c?.indexes.get(String(r.name));
        if (!ok.get(ns) || !ix || !ix.deferred || JSON.stringify(ix.spec) !== String(r.spec)) return;
        if (!current || current.ns !== ns || current.name !== ix.name) current = { ns, name: ix.name, keys: [], owners: [], order: byNs.get(ns)! };
        const keys = JSON.parse(String(r.k)) as string[];
        const owners = JSON.parse(String(r.v)) as (number | number[])[];
        const order = current.order;
        for (let i = 0; i < keys.length; i++) {
          const o = owners[i];
          current.keys.push(keys[i]);
          current.owners.push(typeof o === 'number' ? order[o] : new Set(o.map((x) => order[x])));
        }
        if (current.keys.length === Number(r.n)) {
          if (current.owners.some((o) => o === undefined || (typeof o !== 'string' && [...o].some((id) => id === undefined)))) throw new Error(`bad owner in ${ix.name}`);
          ix.restore(current.keys, current.owners, (r.mk as boolean[]).map(Boolean));
          loaded++;
          current = undefined;
        }
      } else if (r.o === 'kend') ended = true;
    });
    // A file cut short or damaged: whatever it gave is exact (each index came whole and checksummed).
    if (validEnd !== size || !ended) console.error('[engine] index key file incomplete: the rest is filled from the documents');
  } catch (e) {
    console.error('[engine] index key file not used:', (e as Error).message);
  }
  fs.rmSync(file, { force: true });
  syncDir(dataDir);
  return loaded;
}
