// Append-only journal of framed records: [u32 length][u32 crc32][BSON]. Every acknowledged write is
// handed to the OS with writeSync before the reply; fsync is grouped (≤ 50 ms) unless j:true.
import fs from 'node:fs';
import path from 'node:path';
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

/**
 * Reads every intact record of a file. Returns the byte offset where valid data ends, so a torn
 * (partially written) or corrupt tail can be truncated away.
 */
export function readRecords(file: string, apply: (r: Document) => void): { validEnd: number; size: number } {
  const buf = fs.readFileSync(file);
  let pos = 0;
  while (pos + HEADER <= buf.length) {
    const len = buf.readUInt32LE(pos);
    const sum = buf.readUInt32LE(pos + 4);
    if (len < 5 || pos + HEADER + len > buf.length) break;
    const body = buf.subarray(pos + HEADER, pos + HEADER + len);
    if (crc32(body) !== sum) break;
    apply(deserialize(body, decodeOpts));
    pos += HEADER + len;
  }
  return { validEnd: pos, size: buf.length };
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

/** Writes a file atomically: temp file, fsync, rename, fsync of the directory. */
export function writeAtomically(file: string, chunks: Iterable<Buffer>): void {
  const tmp = file + '.tmp';
  const fd = fs.openSync(tmp, 'w');
  try {
    let pending: Buffer[] = [];
    let size = 0;
    const flush = () => {
      if (!pending.length) return;
      const b = Buffer.concat(pending);
      let off = 0;
      while (off < b.length) off += fs.writeSync(fd, b, off, b.length - off);
      pending = [];
      size = 0;
    };
    for (const c of chunks) {
      pending.push(c);
      size += c.length;
      if (size > 4 << 20) flush();
    }
    flush();
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  syncDir(path.dirname(file));
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
