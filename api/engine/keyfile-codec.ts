// The index key file's binary layout (keyfile.ts): records framed as the journal's are
// ([u32 length][u32 crc32][payload]) but with a typed payload instead of BSON, so writing and reading
// it is a few memory copies per record instead of JSON and BSON strings (the JSON form took 10–12 s
// each way at 10k/100k under load). Strings go as one block: their lengths (UTF-16 code units) and
// their characters, one byte each when every character fits (latin1), else UTF-16: both lossless
// (a lone surrogate too), which UTF-8 is not. Numbers are little-endian u32.
import fs from 'node:fs';
import { endianness } from 'node:os';
import { crc32 } from 'node:zlib';

const HEADER = 8;
/** Typed arrays are written in the host's order: the file is only written (and read) where that is LE. */
export const HOST_LE = endianness() === 'LE';
/** Any character above 0xff (then the block goes as UTF-16). */
// eslint-disable-next-line no-control-regex -- keys hold \u0000 (their separator): it is a one-byte character
const WIDE = /[^\u0000-\u00ff]/;
const oneByte = (s: string) => !WIDE.test(s);

/** One record's payload, built part by part. */
export class Out {
  private parts: Uint8Array[] = [];
  private size = 0;

  private put(b: Uint8Array): this {
    this.parts.push(b);
    this.size += b.length;
    return this;
  }

  u32(n: number): this {
    const b = Buffer.allocUnsafe(4);
    b.writeUInt32LE(n >>> 0, 0);
    return this.put(b);
  }

  u32s(a: Uint32Array): this {
    this.u32(a.length);
    return this.put(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  }

  /** A list of strings as one block: [u8 latin1?][u32 n][u32 length × n][characters]. */
  strings(list: string[]): this {
    const all = list.join('');
    const one = oneByte(all);
    const lens = new Uint32Array(list.length);
    for (let i = 0; i < list.length; i++) lens[i] = list[i].length;
    this.put(Uint8Array.of(one ? 1 : 0));
    this.u32s(lens);
    const chars = Buffer.from(all, one ? 'latin1' : 'utf16le');
    this.u32(chars.length);
    return this.put(chars);
  }

  text(s: string): this {
    return this.strings([s]);
  }

  /** The framed record: [u32 length][u32 crc32][payload]. */
  frame(): Buffer {
    const out = Buffer.allocUnsafe(HEADER + this.size);
    let at = HEADER;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.length;
    }
    const body = out.subarray(HEADER);
    out.writeUInt32LE(body.length, 0);
    out.writeUInt32LE(crc32(body), 4);
    return out;
  }
}

/** A string block as read: decode it, or compare it with a list without decoding. */
export class StringBlock {
  constructor(
    readonly oneByte: boolean,
    readonly lens: Uint32Array,
    readonly chars: Buffer,
  ) {}

  get length(): number {
    return this.lens.length;
  }

  /** Each string on its own (a flat string per key, not a slice keeping the whole block alive). */
  decode(): string[] {
    const out = new Array<string>(this.lens.length);
    const enc = this.oneByte ? 'latin1' : 'utf16le';
    const w = this.oneByte ? 1 : 2;
    let at = 0;
    for (let i = 0; i < this.lens.length; i++) {
      const end = at + this.lens[i] * w;
      out[i] = this.chars.toString(enc, at, end);
      at = end;
    }
    return out;
  }

  /** Whether `list` (from `from` on) holds exactly these strings: encoded the same way and compared. */
  equals(list: string[], from: number): boolean {
    const n = this.lens.length;
    if (from + n > list.length) return false;
    const part = list.slice(from, from + n);
    for (let i = 0; i < n; i++) if (part[i].length !== this.lens[i]) return false;
    const all = part.join('');
    if (this.oneByte !== oneByte(all)) return false;
    return Buffer.from(all, this.oneByte ? 'latin1' : 'utf16le').equals(this.chars);
  }
}

/** Reads a payload part by part (throws RangeError past its end: a record of another layout). */
export class In {
  private at = 0;
  constructor(private readonly b: Buffer) {}

  u8(): number {
    return this.b.readUInt8(this.at++);
  }

  u32(): number {
    const n = this.b.readUInt32LE(this.at);
    this.at += 4;
    return n;
  }

  u32s(): Uint32Array {
    const n = this.u32();
    const end = this.at + n * 4;
    if (end > this.b.length) throw new RangeError('record too short');
    const a = new Uint32Array(n); // a copy: the payload's offset need not be 4-aligned
    new Uint8Array(a.buffer).set(this.b.subarray(this.at, end));
    this.at = end;
    return a;
  }

  strings(): StringBlock {
    const oneByte = this.u8() === 1;
    const lens = this.u32s();
    const size = this.u32();
    const end = this.at + size;
    if (end > this.b.length) throw new RangeError('record too short');
    const chars = this.b.subarray(this.at, end);
    this.at = end;
    let want = 0;
    for (let i = 0; i < lens.length; i++) want += lens[i];
    if (want * (oneByte ? 1 : 2) !== size) throw new RangeError('string block of the wrong size');
    return new StringBlock(oneByte, lens, chars);
  }

  text(): string {
    const s = this.strings().decode();
    if (s.length !== 1) throw new RangeError('not a text');
    return s[0];
  }
}

/** Writes a whole buffer at the file's position. */
export function writeAll(fd: number, b: Uint8Array): void {
  let off = 0;
  while (off < b.length) off += fs.writeSync(fd, b, off, b.length - off);
}

/**
 * Calls `each` with every record's payload in order, up to the first torn or damaged one (returned
 * false then) or the end (true). `each` returns false to stop early.
 */
export function eachRecord(file: string, each: (payload: Buffer) => boolean | void): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const head = Buffer.allocUnsafe(HEADER);
    let pos = 0;
    while (pos < size) {
      if (pos + HEADER > size || fs.readSync(fd, head, 0, HEADER, pos) < HEADER) return false;
      const len = head.readUInt32LE(0);
      if (pos + HEADER + len > size) return false;
      const body = Buffer.allocUnsafe(len);
      let got = 0;
      while (got < len) {
        const n = fs.readSync(fd, body, got, len - got, pos + HEADER + got);
        if (n <= 0) return false;
        got += n;
      }
      if (crc32(body) !== head.readUInt32LE(4)) return false;
      pos += HEADER + len;
      if (each(body) === false) return true;
    }
    return true;
  } finally {
    fs.closeSync(fd);
  }
}
