// Append-only journal of framed records: [u32 length][u32 crc32][BSON]. Every acknowledged write is
// handed to the OS with writeSync before the reply; fsync is grouped (≤ 50 ms) unless j:true.
import fs from 'node:fs';
import { crc32 } from 'node:zlib';
import { deserialize, serialize, type Document } from 'bson';

const HEADER = 8;
const decodeOpts = { promoteValues: false, promoteBuffers: false } as const;

export function frame(record: Document): Buffer {
  const body = serialize(record);
  const out = Buffer.allocUnsafe(HEADER + body.length);
  out.writeUInt32LE(body.length, 0);
  out.writeUInt32LE(crc32(body), 4);
  out.set(body, HEADER);
  return out;
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
export function readRecords(file: string, apply: (r: Document, at: number, len: number) => void, chunkBytes = DEFAULT_READ_CHUNK): { validEnd: number; size: number } {
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
      apply(deserialize(body, decodeOpts), pos, HEADER + len);
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
    this.fd = fs.openSync(file, 'a');
    this.bytes = fs.fstatSync(this.fd).size;
    this.timer = setInterval(() => this.groupSync(), GROUP_SYNC_MS);
    this.timer.unref();
  }

  /** One write() per command: the records reach the OS before the client hears "ok". */
  append(records: Document[]): void {
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
