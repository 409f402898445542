// Online backup support: a point-in-time view of every collection, read out in batches over the
// socket, and a copy of the journal records written since (for restoring to a moment). New file so the
// rest of the engine only carries hooks: Store.tee (commit) and the admin commands in commands/backup.ts.
import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { serialize } from 'bson';
import type { Entry } from './entry.js';
import { frame, type JournalRecord } from './journal.js';
import { openPrivate } from './modes.js';
import type { Store } from './store.js';
import type { Doc } from './values.js';

/** A view nobody read from for this long is dropped (its reader died), unpinning its blobs. */
const VIEW_IDLE_MS = 10 * 60_000;
/** One batch of a collection's documents: 1 MiB, so copying it out holds the engine thread ~1 ms. */
const BATCH_BYTES = 1 << 20;
const ARCHIVE_STATE = 'backup-journal.json';

interface ViewColl {
  db: string;
  name: string;
  indexes: Doc[];
  entries: Entry[];
}

interface View {
  at: Date;
  colls: ViewColl[];
  /** Journal records since the view was taken, until the backup names where they go. */
  buffered: Buffer[] | undefined;
  timer: NodeJS.Timeout;
}

/** Per store: the open views and the file journal records are copied to. */
interface Backups {
  views: Map<number, View>;
  nextId: number;
  archiveFd?: number;
  archivePath?: string;
}

const byStore = new WeakMap<Store, Backups>();

function backupsOf(store: Store): Backups {
  let b = byStore.get(store);
  if (!b) {
    b = { views: new Map(), nextId: 1 };
    byStore.set(store, b);
    const state = b;
    store.tee = (recs) => teeRecords(store, state, recs);
  }
  return b;
}

/** Frames one commit's records for the archive, behind a timestamp marker (the wall time of the write). */
function teeFrames(store: Store, recs: JournalRecord[]): Buffer[] {
  const out = [frame({ o: 'ts', t: new Date() })];
  for (const r of recs) {
    // A large document's record names a place in this data dir's blob segments: the archive holds it whole.
    if (!(r instanceof Uint8Array) && r.o === 'pref' && store.blobStore) {
      const ref = r.r as { g: number; o: number; l: number; };
      out.push(frame({ o: 'put', ns: r.ns, d: store.blobStore.read({ g: Number(ref.g), o: Number(ref.o), l: Number(ref.l) }) }));
    } else out.push(frame(r));
  }
  return out;
}

function teeRecords(store: Store, b: Backups, recs: JournalRecord[]): void {
  const wanted = b.archiveFd !== undefined || [...b.views.values()].some((v) => v.buffered);
  if (!wanted || recs.length === 0) return;
  const frames = teeFrames(store, recs);
  for (const v of b.views.values()) v.buffered?.push(...frames);
  if (b.archiveFd !== undefined) {
    try {
      const buf = Buffer.concat(frames);
      let off = 0;
      while (off < buf.length) off += fs.writeSync(b.archiveFd, buf, off, buf.length - off);
    } catch (e) {
      // The backup dir went away (deleted, disk full): writes go on, only the point-in-time copy stops.
      console.error('[engine] journal copy stopped:', (e as Error).message);
      closeArchive(store, b);
    }
  }
}

function closeArchive(store: Store, b: Backups): void {
  if (b.archiveFd !== undefined) fs.closeSync(b.archiveFd);
  b.archiveFd = undefined;
  b.archivePath = undefined;
  fs.rmSync(path.join(store.dataDir, ARCHIVE_STATE), { force: true });
}

function pin(view: View, delta: 1 | -1): void {
  for (const c of view.colls) {
    for (const e of c.entries) {
      if (!e.blob) continue;
      if (delta === 1) e.blob.store.ref(e.blob.ref);
      else e.blob.store.unref(e.blob.ref);
    }
  }
}

function dropView(b: Backups, id: number): void {
  const v = b.views.get(id);
  if (!v) return;
  b.views.delete(id);
  clearTimeout(v.timer);
  pin(v, -1);
}

function touch(b: Backups, id: number, v: View): void {
  clearTimeout(v.timer);
  v.timer = setTimeout(() => dropView(b, id), VIEW_IDLE_MS);
  v.timer.unref();
}

/**
 * Takes the view in one synchronous step: everything journaled so far is in it, nothing after.
 * Entries are immutable (a write swaps in a new one), so holding them is a snapshot; large documents'
 * blob segments are pinned so a later delete cannot remove the bytes before they are read.
 */
export function openView(store: Store): { id: number; at: Date; collections: { db: string; name: string; count: number; indexes: Doc[]; }[]; } {
  const b = backupsOf(store);
  store.commit(false);
  const colls: ViewColl[] = [];
  for (const [db, cs] of store.dbs) {
    for (const [name, c] of cs) colls.push({ db, name, indexes: [...c.indexes.values()].map((ix) => ({ ...ix.spec })), entries: [...c.docs.values()] });
  }
  const id = b.nextId++;
  const view: View = { at: new Date(), colls, buffered: [], timer: setTimeout(() => undefined, 0) };
  pin(view, 1);
  b.views.set(id, view);
  touch(b, id, view);
  return { id, at: view.at, collections: colls.map((c) => ({ db: c.db, name: c.name, count: c.entries.length, indexes: c.indexes })) };
}

/** The BSON bytes of documents [from, …) of one collection of a view, up to ~1 MiB, back to back. */
export function readView(store: Store, id: number, coll: number, from: number): { bytes: Buffer; next: number | null; } {
  const b = backupsOf(store);
  const v = b.views.get(id);
  if (!v) throw new Error(`no backup view ${id} (expired or closed)`);
  touch(b, id, v);
  const c = v.colls[coll];
  if (!c) throw new Error(`backup view ${id} has no collection ${coll}`);
  const parts: Uint8Array[] = [];
  let bytes = 0;
  let i = from;
  for (; i < c.entries.length && bytes < BATCH_BYTES; i++) {
    const e = c.entries[i];
    const doc = e.bytes ?? serialize(e.raw);
    parts.push(doc);
    bytes += doc.length;
  }
  return { bytes: Buffer.concat(parts), next: i < c.entries.length ? i : null };
}

/**
 * Ends a view. With `journalTo`, the records written since the view are put in that file and every
 * later commit is appended to it (until the next backup names another), surviving restarts.
 */
export function closeView(store: Store, id: number, journalTo?: string): void {
  const b = backupsOf(store);
  const v = b.views.get(id);
  if (!v) throw new Error(`no backup view ${id} (expired or closed)`);
  if (journalTo) {
    const fd = openPrivate(journalTo, 'a');
    const buf = Buffer.concat(v.buffered ?? []);
    let off = 0;
    while (off < buf.length) off += fs.writeSync(fd, buf, off, buf.length - off);
    if (b.archiveFd !== undefined) fs.closeSync(b.archiveFd);
    b.archiveFd = fd;
    b.archivePath = journalTo;
    fs.writeFileSync(path.join(store.dataDir, ARCHIVE_STATE), JSON.stringify({ path: journalTo }), { mode: 0o600 });
  }
  dropView(b, id);
}

/** At start-up: keep copying the journal to the file the last backup named (if it is still there). */
export function resumeArchive(store: Store): void {
  const state = path.join(store.dataDir, ARCHIVE_STATE);
  if (!fs.existsSync(state)) return;
  try {
    const { path: file } = JSON.parse(fs.readFileSync(state, 'utf8')) as { path: string; };
    if (!fs.existsSync(path.dirname(file))) return void fs.rmSync(state, { force: true });
    const b = backupsOf(store);
    cutTornTail(file);
    b.archiveFd = openPrivate(file, 'a');
    b.archivePath = file;
  } catch (e) {
    console.error('[engine] could not resume the journal copy:', (e as Error).message);
  }
}

/**
 * A copy cut short by a crash ends in a torn record: appending after it would hide every later record
 * from a reader (which stops at the first bad frame). Walks the frame headers (no decoding) and checks
 * the last frame's checksum, then cuts the file there.
 */
function cutTornTail(file: string): void {
  if (!fs.existsSync(file)) return;
  const fd = fs.openSync(file, 'r+');
  try {
    const size = fs.fstatSync(fd).size;
    const head = Buffer.alloc(8);
    let pos = 0;
    let last = -1;
    while (pos + 8 <= size && fs.readSync(fd, head, 0, 8, pos) === 8) {
      const len = head.readUInt32LE(0);
      if (len < 5 || pos + 8 + len > size) break;
      last = pos;
      pos += 8 + len;
    }
    if (last >= 0) {
      fs.readSync(fd, head, 0, 8, last);
      const body = Buffer.allocUnsafe(head.readUInt32LE(0));
      fs.readSync(fd, body, 0, body.length, last + 8);
      if (crc32(body) !== head.readUInt32LE(4)) pos = last;
    }
    if (pos < size) fs.ftruncateSync(fd, pos);
  } finally {
    fs.closeSync(fd);
  }
}

/** Closes the archive file (engine shutdown). */
export function closeBackups(store: Store): void {
  const b = byStore.get(store);
  if (!b) return;
  for (const id of [...b.views.keys()]) dropView(b, id);
  if (b.archiveFd !== undefined) fs.closeSync(b.archiveFd);
  b.archiveFd = undefined;
}
