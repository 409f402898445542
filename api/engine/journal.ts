// Append-only journal of framed records: [u32 length][u32 crc32][BSON]. Every acknowledged write is
// handed to the OS with writeSync before the reply; fsync is grouped (≤ 50 ms) unless j:true.
import fs from 'node:fs';
import { crc32 } from 'node:zlib';
import { deserialize, serialize, type Document } from 'bson';
import { openPrivate } from './modes.js';

const HEADER = 8;
const decodeOpts = { promoteValues: false, promoteBuffers: false } as const;
// A `docs` record's documents come back as their bytes (copied out of the read buffer by the caller).
const docsOpts = { ...decodeOpts, fieldsAsRaw: { docs: true } } as const;

/** A record, or its BSON body already built (`docsRecord`). */
export type JournalRecord = Document | Uint8Array;

export function frame(record: JournalRecord): Buffer {
  const body = record instanceof Uint8Array ? record : serialize(record);
  const out = Buffer.allocUnsafe(HEADER + body.length);
  out.writeUInt32LE(body.length, 0);
  out.writeUInt32LE(crc32(body), 4);
  out.set(body, HEADER);
  return out;
}

/**
 * The body of `{ o: 'docs', ns, docs: [...] }` built around documents that are already BSON (stored
 * entries keep their bytes), so writing a document to the journal or a snapshot never encodes it again.
 */
export function docsRecord(ns: string, docs: Uint8Array[]): Uint8Array {
  const nsBytes = Buffer.from(ns, 'utf8');
  let arrLen = 4 + 1;
  const names = docs.map((_, i) => String(i));
  for (let i = 0; i < docs.length; i++) arrLen += 1 + names[i].length + 1 + docs[i].length;
  // int32 | 0x02 "o" "docs" | 0x02 "ns" ns | 0x04 "docs" array | 0x00
  const total = 4 + (1 + 2 + 4 + 5) + (1 + 3 + 4 + nsBytes.length + 1) + (1 + 5 + arrLen) + 1;
  const out = Buffer.allocUnsafe(total);
  let at = out.writeInt32LE(total, 0);
  at = out.writeUInt8(2, at);
  at += out.write('o\0', at, 'latin1');
  at = out.writeInt32LE(5, at);
  at += out.write('docs\0', at, 'latin1');
  at = out.writeUInt8(2, at);
  at += out.write('ns\0', at, 'latin1');
  at = out.writeInt32LE(nsBytes.length + 1, at);
  at += nsBytes.copy(out, at);
  at = out.writeUInt8(0, at);
  at = out.writeUInt8(4, at);
  at += out.write('docs\0', at, 'latin1');
  at = out.writeInt32LE(arrLen, at);
  for (let i = 0; i < docs.length; i++) {
    at = out.writeUInt8(3, at);
    at += out.write(names[i] + '\0', at, 'latin1');
    out.set(docs[i], at);
    at += docs[i].length;
  }
  at = out.writeUInt8(0, at);
  out.writeUInt8(0, at);
  return out;
}

/** Whether a record body is a `docs` record (its first field, as every writer puts it, is `o: 'docs'`). */
function isDocsRecord(body: Uint8Array): boolean {
  // int32 length, then 0x02 'o' 0x00, int32 5, "docs" 0x00
  return body.length > 16 && body[4] === 2 && body[5] === 0x6f && body[6] === 0 && body[7] === 5 && body[8] === 0 && body[9] === 0 && body[10] === 0 &&
    body[11] === 0x64 && body[12] === 0x6f && body[13] === 0x63 && body[14] === 0x73 && body[15] === 0;
}

/** Default size of one read while loading the snapshot and journal (a test lowers it to force many parts). */
export const DEFAULT_READ_CHUNK = 16 << 20;
/** A record can never be larger than this (16 MiB BSON limit plus the snapshot's batch wrapper). */
const MAX_RECORD = 64 << 20;

/**
 * Reads every intact record of a file, a chunk at a time: no single buffer or string ever holds the
 * whole file, so a snapshot of any size (past 2 GiB too) can be read back. Returns the byte offset
 * where valid data ends, so a torn (partially written) or corrupt tail can be truncated away.
 */
export function readRecords(
  file: string,
  apply: (r: Document, at: number, len: number) => void,
  chunkBytes = DEFAULT_READ_CHUNK,
): { validEnd: number; size: number; } {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    let buf = Buffer.allocUnsafe(Math.max(HEADER, chunkBytes));
    let start = 0; // file offset of buf[0]
    let filled = 0; // valid bytes in buf
    let pos = 0; // file offset of the next record
    /** Makes buf hold [pos, pos + need) if the file has it; false at end of file. */
    const ensure = (need: number): boolean => {
      if (pos + need > size) return false;
      if (pos + need <= start + filled) return true;
      const keep = start + filled - pos;
      if (need > buf.length) {
        const bigger = Buffer.allocUnsafe(need);
        buf.copy(bigger, 0, pos - start, pos - start + keep);
        buf = bigger;
      } else buf.copy(buf, 0, pos - start, pos - start + keep);
      start = pos;
      filled = keep;
      while (filled < need) {
        const n = fs.readSync(fd, buf, filled, buf.length - filled, start + filled);
        if (n === 0) return false;
        filled += n;
      }
      return true;
    };
    while (ensure(HEADER)) {
      const len = buf.readUInt32LE(pos - start);
      const sum = buf.readUInt32LE(pos - start + 4);
      if (len < 5 || len > MAX_RECORD || !ensure(HEADER + len)) break;
      const body = buf.subarray(pos - start + HEADER, pos - start + HEADER + len);
      if (crc32(body) !== sum) break;
      apply(deserialize(body, isDocsRecord(body) ? docsOpts : decodeOpts), pos, HEADER + len);
      pos += HEADER + len;
    }
    return { validEnd: pos, size };
  } finally {
    fs.closeSync(fd);
  }
}

export const GROUP_SYNC_MS = 50;

export class JournalWriter {
  private fd: number;
  private dirty = false;
  private timer: NodeJS.Timeout;
  private syncing = false;
  bytes: number;

  constructor(readonly file: string) {
    this.fd = openPrivate(file, 'a');
    this.bytes = fs.fstatSync(this.fd).size;
    this.timer = setInterval(() => this.groupSync(), GROUP_SYNC_MS);
    this.timer.unref();
  }

  /** One write() per command: the records reach the OS before the client hears "ok". */
  append(records: JournalRecord[]): void {
    if (records.length === 0) return;
    const buf = records.length === 1 ? frame(records[0]) : Buffer.concat(records.map(frame));
    let off = 0;
    while (off < buf.length) off += fs.writeSync(this.fd, buf, off, buf.length - off);
    this.bytes += buf.length;
    this.dirty = true;
  }

  syncNow(): void {
    if (!this.dirty) return;
    this.dirty = false;
    fs.fdatasyncSync(this.fd);
  }

  private groupSync(): void {
    if (!this.dirty || this.syncing) return;
    this.dirty = false;
    this.syncing = true;
    const fd = this.fd;
    fs.fdatasync(fd, () => {
      this.syncing = false;
    });
  }

  close(): void {
    clearInterval(this.timer);
    this.dirty = true;
    this.syncNow();
    fs.closeSync(this.fd);
  }
}

export function syncDir(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
  } catch {
    // Some filesystems refuse fsync on directories; the rename is still atomic.
  }
}
