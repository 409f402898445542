// Some top-level fields of a BSON document, without decoding the rest: start-up needs only the fields
// index keys are made of, and decoding whole documents was most of its time and garbage.
import { deserialize } from 'bson';
import { DECODE } from './decoded.js';
import type { Doc } from './values.js';

/** Bytes of an element's value, by BSON type; -1: the value starts with its own int32 length. */
const int32 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24);

function valueLength(b: Uint8Array, type: number, at: number): number {
  switch (type) {
    case 0x01: // double
    case 0x09: // date
    case 0x11: // timestamp
    case 0x12: // int64
      return 8;
    case 0x02: // string
    case 0x0d: // code
    case 0x0e: // symbol
      return 4 + int32(b, at);
    case 0x03: // document
    case 0x04: // array
    case 0x0f: // code with scope
      return int32(b, at);
    case 0x05: // binary
      return 4 + 1 + int32(b, at);
    case 0x06: // undefined
    case 0x0a: // null
    case 0xff: // min key
    case 0x7f: // max key
      return 0;
    case 0x07: // ObjectId
      return 12;
    case 0x08: // boolean
      return 1;
    case 0x0b: {
      // regex: two C strings
      let j = at;
      while (b[j] !== 0) j++;
      j++;
      while (b[j] !== 0) j++;
      return j + 1 - at;
    }
    case 0x0c: // DBPointer: string + ObjectId
      return 4 + int32(b, at) + 12;
    case 0x10: // int32
      return 4;
    case 0x13: // decimal128
      return 16;
  }
  throw new Error(`BSON type ${type} unknown`);
}

/** Field names as bytes, to be compared where they lie (no string made per field per document). */
export function fieldNames(names: Iterable<string>): Uint8Array[] {
  return [...new Set(names)].map((n) => Buffer.from(n, 'utf8'));
}

function wanted(b: Uint8Array, from: number, to: number, fields: Uint8Array[]): boolean {
  const len = to - from;
  next: for (const f of fields) {
    if (f.length !== len) continue;
    for (let i = 0; i < len; i++) if (f[i] !== b[from + i]) continue next;
    return true;
  }
  return false;
}

// Reused for every call (one allocation per document was a tenth of start-up): the decoded values
// may share its memory, so a result must be used before the next call (start-up makes index keys of it).
let scratch = Buffer.allocUnsafeSlow(4096);

/** The named top-level fields of `bytes` (`fieldNames`), decoded as the wire decodes them; the others
 * are skipped. The result is only valid until the next call (see `scratch`). */
export function pluck(bytes: Uint8Array, fields: Uint8Array[]): Doc {
  const end = bytes.length - 1;
  const ranges: [number, number][] = [];
  let size = 5;
  let at = 4;
  while (at < end) {
    const start = at;
    const type = bytes[at++];
    const nameStart = at;
    while (bytes[at] !== 0) at++;
    const nameEnd = at++;
    at += valueLength(bytes, type, at);
    if (wanted(bytes, nameStart, nameEnd, fields)) {
      ranges.push([start, at]);
      size += at - start;
    }
  }
  if (scratch.length < size) scratch = Buffer.allocUnsafeSlow(Math.max(size, scratch.length * 2));
  const out = scratch;
  out.writeInt32LE(size, 0);
  let w = 4;
  for (const [s, e] of ranges) for (let i = s; i < e; i++) out[w++] = bytes[i];
  out[w] = 0;
  return deserialize(out.subarray(0, size), DECODE) as Doc;
}
