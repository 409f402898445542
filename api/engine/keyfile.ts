// Index keys kept across a clean restart: close() writes every index's sorted keys and owners to
// `index-keys.bin` once the journal is closed; the next open takes them instead of filling the indexes
// from every document (and sorting them) again. The file is used only when the snapshot and journals
// are exactly the files it was written beside (size, mtime, inode of each): a crash, an old engine
// that wrote on, or a compaction since all change one of them, and the indexes are then filled from
// the documents as before. It is removed once read, so only a clean close leaves one.
// Layout (keyfile-codec.ts): a header record (version, stamps), then per collection its ids in order
// ('I' records), then per index its keys in order with each key's owners as positions in those ids
// ('X' records, a few MB each), then an end record.
import fs from 'node:fs';
import path from 'node:path';
import type { Collection } from './collection.js';
import { syncDir } from './journal.js';
import { eachRecord, HOST_LE, In, Out, writeAll } from './keyfile-codec.js';
import { openPrivate } from './modes.js';

export const KEY_FILE = 'index-keys.bin';
/** 2: the binary layout (1 was JSON in BSON strings; a file of 1 is not used, the indexes are filled). */
const VERSION = 2;
const [HDR, IDS, KEYS, END] = [0x48, 0x49, 0x58, 0x45]; // 'H' 'I' 'X' 'E'
/** A record holds up to this many characters of keys (or ids), or this many owner positions (tests lower them). */
export const chunking = { chars: 2_000_000, owners: 1_000_000 };

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

/** Cuts [0, n) into runs whose characters (and owner counts) stay under the chunk sizes; never empty. */
function* runs(n: number, chars: (i: number) => number, owners: (i: number) => number): Generator<[number, number]> {
  let from = 0;
  let c = 0;
  let o = 0;
  for (let i = 0; i < n; i++) {
    if (i > from && (c + chars(i) > chunking.chars || o + owners(i) > chunking.owners)) {
      yield [from, i];
      from = i;
      c = 0;
      o = 0;
    }
    c += chars(i);
    o += owners(i);
  }
  yield [from, n];
}

/** Writes the key file (temp, fsync, rename): the journal must be closed, so nothing changes meanwhile. */
export function writeKeyFile(dataDir: string, collections: Collection[]): void {
  if (!HOST_LE) return; // typed arrays go in the host's order: not written (so never misread) elsewhere
  const tmp = path.join(dataDir, KEY_FILE + '.tmp');
  const fd = openPrivate(tmp, 'w');
  try {
    const out = (o: Out) => writeAll(fd, o.frame());
    out(new Out().u32(HDR).u32(VERSION).text(JSON.stringify(stamps(dataDir))));
    for (const c of collections) {
      const ids = [...c.docs.keys()];
      const ord = new Map<string, number>();
      for (let i = 0; i < ids.length; i++) ord.set(ids[i], i);
      for (const [a, b] of runs(ids.length, (i) => ids[i].length, () => 0)) out(new Out().u32(IDS).text(c.ns).u32(ids.length).strings(ids.slice(a, b)));
      for (const ix of c.indexes.values()) {
        if (ix.filling) continue; // its keys are not all there: the next start fills it
        const [keys, owners] = ix.entries();
        const head = () => new Out().u32(KEYS).text(c.ns).text(ix.name).text(JSON.stringify(ix.spec)).text(JSON.stringify(ix.multikeyNow)).u32(keys.length);
        const size = (i: number) => (typeof owners[i] === 'string' ? 1 : (owners[i] as Set<string>).size);
        for (const [a, b] of runs(keys.length, (i) => keys[i].length, size)) {
          const counts = new Uint32Array(b - a);
          let total = 0;
          for (let i = a; i < b; i++) total += counts[i - a] = size(i);
          const at = new Uint32Array(total);
          let p = 0;
          for (let i = a; i < b; i++) {
            const o = owners[i];
            if (typeof o === 'string') at[p++] = ord.get(o)!;
            else for (const id of o) at[p++] = ord.get(id)!;
          }
          out(head().strings(keys.slice(a, b)).u32s(counts).u32s(at));
        }
      }
    }
    out(new Out().u32(END));
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
  if (!fs.existsSync(file) || !HOST_LE) return false;
  let ok = false;
  try {
    eachRecord(file, (body) => {
      const r = new In(body);
      ok = r.u32() === HDR && r.u32() === VERSION && r.text() === JSON.stringify(stamps(dataDir));
      return false;
    });
  } catch {
    ok = false; // a record of another layout (an older file)
  }
  return ok;
}

/**
 * After the replay: gives each index the keys the file holds for it, when its collection has the same
 * documents in the same order as when the file was written (else that collection's indexes stay to be
 * filled). Returns the indexes taken from the file; removes the file.
 */
export function loadKeyFile(dataDir: string, find: (ns: string) => Collection | undefined): number {
  const file = path.join(dataDir, KEY_FILE);
  let loaded = 0;
  try {
    // Per collection: its ids in order (the file's positions index them) and whether they matched so far.
    const seen = new Map<string, { order: string[]; at: number; ok: boolean; }>();
    let current: { ns: string; name: string; keys: string[]; owners: (string | Set<string>)[]; } | undefined;
    let ended = false;
    const whole = eachRecord(file, (body) => {
      const r = new In(body);
      const type = r.u32();
      if (type === END) ended = true;
      if (type !== IDS && type !== KEYS) return;
      const ns = r.text();
      const c = find(ns);
      if (type === IDS) {
        const n = r.u32();
        let s = seen.get(ns);
        if (!s) seen.set(ns, s = { order: c ? [...c.docs.keys()] : [], at: 0, ok: !!c && c.docs.size === n });
        const block = r.strings();
        if (s.ok && !block.equals(s.order, s.at)) s.ok = false;
        s.at += block.length;
        return;
      }
      const name = r.text();
      const spec = r.text();
      const mk = JSON.parse(r.text()) as boolean[];
      const n = r.u32();
      const ix = c?.indexes.get(name);
      const s = seen.get(ns);
      if (!s?.ok || s.at !== s.order.length || !ix || !ix.deferred || JSON.stringify(ix.spec) !== spec) return;
      if (!current || current.ns !== ns || current.name !== name) current = { ns, name, keys: [], owners: [] };
      const keys = r.strings().decode();
      const counts = r.u32s();
      const at = r.u32s();
      const order = s.order;
      let p = 0;
      for (let i = 0; i < keys.length; i++) {
        const k = counts[i];
        if (k === 0 || p + k > at.length) throw new Error(`bad owners in ${name}`);
        let o: string | Set<string>;
        if (k === 1) o = order[at[p++]];
        else {
          o = new Set<string>();
          for (const end = p + k; p < end;) o.add(order[at[p++]]);
          if (o.size !== k) throw new Error(`bad owners in ${name}`);
        }
        current.keys.push(keys[i]);
        current.owners.push(o);
      }
      for (let i = 0; i < at.length; i++) if (at[i] >= order.length) throw new Error(`bad owner in ${name}`);
      if (current.keys.length === n) {
        ix.restore(current.keys, current.owners, mk.map(Boolean));
        loaded++;
        current = undefined;
      }
    });
    // A file cut short or damaged: whatever it gave is exact (each index came whole and checksummed).
    if (!whole || !ended) console.error('[engine] index key file incomplete: the rest is filled from the documents');
  } catch (e) {
    console.error('[engine] index key file not used:', (e as Error).message);
  }
  fs.rmSync(file, { force: true });
  syncDir(dataDir);
  return loaded;
}
