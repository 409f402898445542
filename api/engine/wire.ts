// MongoDB wire protocol framing: OP_MSG (2013) for everything after the handshake, OP_QUERY (2004)
// for the first `ismaster`, answered with OP_REPLY (1). Documents are decoded with promoteValues
// off so Int32/Double/Long keep their BSON types.
import { deserialize, serialize, type Document } from 'bson';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_MSG = 2013;
const MORE_TO_COME = 2;
const CHECKSUM_PRESENT = 1;

const decodeOpts = { promoteValues: false, promoteBuffers: false } as const;

export interface Request {
  requestId: number;
  opCode: number;
  /** The command document; kind-1 document sequences are merged in under their identifier. */
  command: Document;
  /** OP_MSG flag: the client expects no reply (w:0 writes, endSessions). */
  moreToCome: boolean;
}

export function decodeMessage(msg: Buffer): Request {
  const requestId = msg.readInt32LE(4);
  const opCode = msg.readInt32LE(12);
  if (opCode === OP_MSG) {
    const flags = msg.readUInt32LE(16);
    const end = flags & CHECKSUM_PRESENT ? msg.length - 4 : msg.length;
    let pos = 20;
    let command: Document = {};
    const sequences: [string, Document[]][] = [];
    while (pos < end) {
      const kind = msg[pos++];
      if (kind === 0) {
        const size = msg.readInt32LE(pos);
        command = deserialize(msg.subarray(pos, pos + size), decodeOpts);
        pos += size;
      } else if (kind === 1) {
        const size = msg.readInt32LE(pos);
        const stop = pos + size;
        let p = pos + 4;
        const nul = msg.indexOf(0, p);
        const id = msg.toString('utf8', p, nul);
        p = nul + 1;
        const docs: Document[] = [];
        while (p < stop) {
          const len = msg.readInt32LE(p);
          docs.push(deserialize(msg.subarray(p, p + len), decodeOpts));
          p += len;
        }
        sequences.push([id, docs]);
        pos = stop;
      } else {
        throw new Error(`unknown OP_MSG section kind ${kind}`);
      }
    }
    for (const [id, docs] of sequences) command[id] = docs;
    return { requestId, opCode, command, moreToCome: (flags & MORE_TO_COME) !== 0 };
  }
  if (opCode === OP_QUERY) {
    let pos = 20;
    const nul = msg.indexOf(0, pos);
    const ns = msg.toString('utf8', pos, nul);
    pos = nul + 1 + 8; // skip numberToSkip, numberToReturn
    const size = msg.readInt32LE(pos);
    let command = deserialize(msg.subarray(pos, pos + size), decodeOpts);
    // Legacy wrapper `{ $query: {...} }` used by some drivers for read preference.
    if (command.$query && typeof command.$query === 'object') command = command.$query as Document;
    command.$db = ns.split('.')[0];
    return { requestId, opCode, command, moreToCome: false };
  }
  throw new Error(`unsupported opCode ${opCode}`);
}

let nextId = 1;

function header(length: number, responseTo: number, opCode: number): Buffer {
  const h = Buffer.allocUnsafe(16);
  h.writeInt32LE(length, 0);
  h.writeInt32LE(nextId++ & 0x7fffffff, 4);
  h.writeInt32LE(responseTo, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

export function encodeReply(req: Request, reply: Document): Buffer {
  const body = serialize(reply);
  if (req.opCode === OP_QUERY) {
    const fixed = Buffer.alloc(20);
    fixed.writeInt32LE(0, 0); // responseFlags
    fixed.writeBigInt64LE(0n, 4); // cursorID
    fixed.writeInt32LE(0, 12); // startingFrom
    fixed.writeInt32LE(1, 16); // numberReturned
    return Buffer.concat([header(16 + 20 + body.length, req.requestId, OP_REPLY), fixed, body]);
  }
  const pre = Buffer.alloc(5); // flagBits(4) + section kind 0
  return Buffer.concat([header(16 + 5 + body.length, req.requestId, OP_MSG), pre, body]);
}
