// Large documents off the heap: a document whose big binary/string fields add up past LARGE_FIELDS_BYTES
// (GridFS chunks, mostly) is appended once to a blob segment file (`blobs.<n>.bson`, framed like the
// journal) and kept in memory only as a stub (its small fields, enough for index keys) plus its place
// on disk. The full document is read back on demand through a bounded cache. Journal and snapshot
// records name the place instead of repeating the bytes, so start-up never reads the blobs.
import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { deserialize, type Document } from 'bson';
import { frame, GROUP_SYNC_MS } from './journal.js';
import { openPrivate } from './modes.js';
import type { Doc } from './values.js';

/** Fields (top level) at least this big are left out of the in-memory stub. */
const BIG_FIELD_BYTES = 1024;
/** A document goes to a blob segment when its big fields add up to this much. */
export const LARGE_FIELDS_BYTES = 16 * 1024;
const SEGMENT_BYTES = 64 << 20;
const CACHE_BYTES = 32 << 20;
const decodeOpts = { promoteValues: false, promoteBuffers: false } as const;

export interface BlobRef {
  g: number;
  o: number;
  l: number;
}

function fieldSize(v: unknown): number {
  if (typeof v === 'string') return v.length > BIG_FIELD_BYTES / 4 ? Buffer.byteLength(v) : v.length;
  if (v && typeof v === 'object' && (v as { _bsontype?: string; })._bsontype === 'Binary') return (v as { position: number; }).position;
  return 0;
}

/** The stub of a large document (its fields minus the big ones), or undefined if it is not large. */
export function stubOf(raw: Doc): Doc | undefined {
  let big = 0;
  for (const k in raw) {
    const n = fieldSize(raw[k]);
    if (n >= BIG_FIELD_BYTES) big += n;
  }
  if (big < LARGE_FIELDS_BYTES) return undefined;
  const stub: Doc = {};
  for (const k in raw) if (fieldSize(raw[k]) < BIG_FIELD_BYTES) stub[k] = raw[k];
  return stub;
}

export class BlobStore {
  private fds = new Map<number, number>();
  private gen = 0;
  private size = 0;
  private dirty = false;
  private syncing = false;
  private timer: NodeJS.Timeout;
  /** Live documents per segment: a segment nobody references any more is deleted. */
  private live = new Map<number, number>();
  private cache = new Map<string, { doc: Doc; size: number; }>();
  private cached = 0;
  /** Segments left without references: deleted once the journal holds the change that freed them. */
  private doomed: number[] = [];

  constructor(private dir: string) {
    for (const f of fs.readdirSync(dir)) {
      const m = /^blobs\.(\d+)\.bson$/.exec(f);
      if (m) this.gen = Math.max(this.gen, Number(m[1]));
    }
    this.gen++;
    this.timer = setInterval(() => this.groupSync(), GROUP_SYNC_MS);
    this.timer.unref();
  }

  private file(g: number): string {
    return path.join(this.dir, `blobs.${g}.bson`);
  }

  private fd(g: number, write = false): number {
    let fd = this.fds.get(g);
    if (fd === undefined) {
      fd = write ? openPrivate(this.file(g), 'a+') : fs.openSync(this.file(g), 'r');
      this.fds.set(g, fd);
    }
    return fd;
  }

  /** Appends a document; its bytes reach the OS before the journal record that names them. */
  put(raw: Doc): BlobRef {
    if (this.size > SEGMENT_BYTES) {
      this.gen++;
      this.size = 0;
    }
    const buf = frame(raw);
    const fd = this.fd(this.gen, true);
    const at = fs.fstatSync(fd).size;
    let off = 0;
    while (off < buf.length) off += fs.writeSync(fd, buf, off, buf.length - off);
    this.size = at + buf.length;
    this.dirty = true;
    const ref = { g: this.gen, o: at, l: buf.length };
    this.remember(ref, raw);
    return ref;
  }

  read(ref: BlobRef): Doc {
    const key = `${ref.g}:${ref.o}`;
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit.doc;
    }
    const buf = Buffer.allocUnsafe(ref.l);
    let got = 0;
    const fd = this.fd(ref.g);
    while (got < ref.l) {
      const n = fs.readSync(fd, buf, got, ref.l - got, ref.o + got);
      if (n === 0) throw new Error(`blob segment ${ref.g} is shorter than expected (offset ${ref.o})`);
      got += n;
    }
    const body = buf.subarray(8, 8 + buf.readUInt32LE(0));
    if (crc32(body) !== buf.readUInt32LE(4)) throw new Error(`blob segment ${ref.g} is damaged at offset ${ref.o}`);
    const doc = deserialize(body, decodeOpts) as Doc;
    this.remember(ref, doc);
    return doc;
  }

  /** Least recently used documents leave the cache first. */
  private remember(ref: BlobRef, doc: Document): void {
    const key = `${ref.g}:${ref.o}`;
    if (this.cache.has(key) || ref.l > CACHE_BYTES / 4) return;
    this.cache.set(key, { doc, size: ref.l });
    this.cached += ref.l;
    for (const [k, c] of this.cache) {
      if (this.cached <= CACHE_BYTES) break;
      this.cache.delete(k);
      this.cached -= c.size;
    }
  }

  private forget(key: string): void {
    const c = this.cache.get(key);
    if (!c) return;
    this.cache.delete(key);
    this.cached -= c.size;
  }

  ref(r: BlobRef): void {
    this.live.set(r.g, (this.live.get(r.g) ?? 0) + 1);
  }

  /** A reference went away; a finished segment with none left is deleted (nothing can replay into it). */
  unref(r: BlobRef): void {
    const n = (this.live.get(r.g) ?? 1) - 1;
    this.forget(`${r.g}:${r.o}`);
    if (n > 0) return void this.live.set(r.g, n);
    this.live.delete(r.g);
    if (r.g !== this.gen && !this.replaying) this.doomed.push(r.g);
  }

  /** Called once the journal holds the changes of a command. */
  afterCommit(): void {
    for (const g of this.doomed.splice(0)) {
      if (this.live.has(g)) continue;
      const fd = this.fds.get(g);
      if (fd !== undefined) fs.closeSync(fd);
      this.fds.delete(g);
      fs.rmSync(this.file(g), { force: true });
    }
  }

  /** While the journal replays, counts pass through zero without meaning anything. */
  replaying = false;

  /** After start-up: segments no document references (left by deletes before a crash) go. */
  sweep(): void {
    for (const f of fs.readdirSync(this.dir)) {
      const m = /^blobs\.(\d+)\.bson$/.exec(f);
      if (m && !this.live.has(Number(m[1])) && Number(m[1]) !== this.gen) fs.rmSync(path.join(this.dir, f), { force: true });
    }
  }

  syncNow(): void {
    if (!this.dirty) return;
    this.dirty = false;
    fs.fdatasyncSync(this.fd(this.gen, true));
  }

  private groupSync(): void {
    if (!this.dirty || this.syncing) return;
    this.dirty = false;
    this.syncing = true;
    fs.fdatasync(this.fd(this.gen, true), () => {
      this.syncing = false;
    });
  }

  close(): void {
    clearInterval(this.timer);
    this.syncNow();
    for (const fd of this.fds.values()) fs.closeSync(fd);
    this.fds.clear();
    this.cache.clear();
  }
}
