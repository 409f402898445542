// Socket server: frames incoming messages, dispatches commands, journals their changes, replies.
// A long command runs in slices (slices.ts): other connections' commands are answered in between,
// while the next message of its own connection waits for its reply.
import net from 'node:net';
import type { Document } from 'bson';
import { adminCommands } from './commands/admin.js';
import { backupCommands } from './commands/backup.js';
import type { Ctx, Handler } from './commands/context.js';
import { ddlCommands } from './commands/ddl.js';
import { readCommands } from './commands/read.js';
import { writeCommands } from './commands/write.js';
import type { Collection } from './collection.js';
import type { Cursors } from './cursors.js';
import { EngineError, errorReply, fail } from './errors.js';
import { drive, isSteps, runSync, type Steps } from './slices.js';
import type { Store } from './store.js';
import { decodeMessage, encodeReply, type Request } from './wire.js';

const handlers: Record<string, Handler> = { ...adminCommands, ...backupCommands, ...readCommands, ...writeCommands, ...ddlCommands };
const MAX_MESSAGE = 48_000_000;

/** Write commands whose changes must be on disk (fsync) before the reply when j:true. */
function wantsJournalSync(cmd: Document): boolean {
  const wc = cmd.writeConcern as Document | undefined;
  return !!wc && (wc.j === true || wc.fsync === true);
}

function start(store: Store, cursors: Cursors, cmd: Document, connectionId: number): Document | Steps<Document> {
  const name = Object.keys(cmd)[0];
  if (cmd.txnNumber !== undefined || name === 'commitTransaction' || name === 'abortTransaction') {
    fail('IllegalOperation', 'Transaction numbers are only allowed on a replica set member or mongos');
  }
  const handler = Object.prototype.hasOwnProperty.call(handlers, name) ? handlers[name] : undefined;
  if (!handler) fail('CommandNotFound', `no such command: '${name}'`);
  const ctx: Ctx = { store, cursors, db: String(cmd.$db ?? 'test'), cmd, connectionId };
  return handler(ctx);
}

/** Runs a command to its end at once (no pausing): for tools and benchmarks without sockets. */
export function runCommand(store: Store, cursors: Cursors, cmd: Document, connectionId: number): Document {
  // Changes are journaled by the caller (Replies.flush) before any reply leaves.
  try {
    const r = start(store, cursors, cmd, connectionId);
    return isSteps<Document>(r) ? runSync(r) : r;
  } catch (e) {
    return errorReply(e);
  }
}

/** Runs a command in slices: the reply at once when it finished in its first slice, else a promise. */
export function dispatch(store: Store, cursors: Cursors, cmd: Document, connectionId: number): Document | Promise<Document> {
  try {
    const c = waitsFor(store, cmd);
    const r = c ? afterReady(c, () => start(store, cursors, cmd, connectionId)) : start(store, cursors, cmd, connectionId);
    if (!isSteps<Document>(r)) return r;
    const out = drive(r, () => {
      if (store.closed) throw new EngineError(11600, 'InterruptedAtShutdown', 'interrupted at shutdown');
    });
    return out instanceof Promise ? out.catch(errorReply) : out;
  } catch (e) {
    return errorReply(e);
  }
}

/** Commands that read a collection's indexes (an insert only checks unique ones, filled before serving). */
const READS_INDEXES = new Set(['find', 'count', 'distinct', 'aggregate', 'update', 'delete', 'findAndModify', 'findandmodify', 'explain']);

/** The collection a command is about to read through indexes still filling or sorting after start-up. */
function waitsFor(store: Store, cmd: Document): [Collection, boolean] | undefined {
  let name = Object.keys(cmd)[0];
  let target: unknown = cmd[name];
  if (name === 'explain' && target && typeof target === 'object') {
    name = Object.keys(target)[0];
    target = (target as Document)[name];
  }
  if (!READS_INDEXES.has(name) || typeof target !== 'string') return undefined;
  const c = store.collection(String(cmd.$db ?? 'test'), target);
  const needId = needsIdOrder(explained(cmd));
  return c?.unready(needId) ? [c, needId] : undefined;
}

const explained = (cmd: Document): Document => (cmd.explain && typeof cmd.explain === 'object' ? (cmd.explain as Document) : cmd);

/** Whether a command may plan on the ordered _id index (a condition on _id other than a value, or a sort by it first). */
export function needsIdOrder(cmd: Document): boolean {
  const stages = Array.isArray(cmd.pipeline) ? (cmd.pipeline as Document[]) : [];
  const filters = [
    cmd.filter,
    cmd.query,
    stages[0]?.$match,
    ...(Array.isArray(cmd.updates) ? cmd.updates : []).map((u: Document) => u?.q),
    ...(Array.isArray(cmd.deletes) ? cmd.deletes : []).map((d: Document) => d?.q),
  ];
  const byId = (f: unknown) => {
    const v = f && typeof f === 'object' ? (f as Document)._id : undefined;
    // Points ($eq, $in) are looked up in the documents by id (planner.ts): no ordered index to wait for.
    return !!v && typeof v === 'object' && Object.keys(v).some((k) => k.startsWith('$') && k !== '$in' && k !== '$eq');
  };
  const sortFirst = (s: unknown) => !!s && typeof s === 'object' && Object.keys(s)[0] === '_id';
  return filters.some(byId) || sortFirst(cmd.sort) || stages.slice(0, 2).some((st) => sortFirst(st?.$sort));
}

/** A command's steps, started once its collection's indexes are ready (waiting in slices until then). */
function* afterReady([c, needId]: [Collection, boolean], begin: () => Document | Steps<Document>): Steps<Document> {
  yield* c.ready(needId);
  const r = begin();
  return isSteps<Document>(r) ? yield* r : r;
}

/**
 * Replies wait until the changes of every command handled in this event-loop turn are in the journal
 * (one write() for all of them, one fsync if any asked for j:true) — group commit.
 */
class Replies {
  private queue: [net.Socket, Buffer][] = [];
  private sync = false;
  private scheduled = false;

  constructor(private store: Store) {}

  push(socket: net.Socket, reply: Buffer | undefined, sync: boolean): void {
    // Nothing to journal and nothing queued before it (a read, most often): no reason to wait a turn.
    if (!sync && !this.scheduled && !this.store.hasPendingChanges) {
      if (reply && !socket.destroyed) socket.write(reply);
      return;
    }
    if (reply) this.queue.push([socket, reply]);
    this.sync ||= sync;
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  private flush(): void {
    this.scheduled = false;
    const queue = this.queue;
    this.queue = [];
    const sync = this.sync;
    this.sync = false;
    try {
      // Even a failed ordered batch may have applied its first writes: they are journaled too.
      this.store.commit(sync);
    } catch (e) {
      // Not durable, so not acknowledged: drop the connections instead of answering "ok".
      console.error('[engine] journal write failed:', (e as Error).message);
      for (const [s] of queue) s.destroy();
      return;
    }
    for (const [s, buf] of queue) if (!s.destroyed) s.write(buf);
  }
}

/** A reply too large for BSON becomes mongod's BSONObjectTooLarge error instead of a crash. */
function encodeSafely(req: Request, reply: Document): Buffer {
  try {
    return encodeReply(req, reply);
  } catch (e) {
    return encodeReply(req, { ok: 0, code: 10334, codeName: 'BSONObjectTooLarge', errmsg: `reply could not be encoded: ${(e as Error).message}` });
  }
}

export function createServer(store: Store, cursors: Cursors): net.Server {
  let connections = 0;
  const replies = new Replies(store);
  const server = net.createServer((socket) => {
    const connectionId = ++connections;
    socket.setNoDelay(true);
    let buf = Buffer.alloc(0);
    // Messages that arrived while a command of this connection was still running, in order.
    const waiting: Request[] = [];
    let running = false;
    const handle = (req: Request) => {
      const done = (reply: Document) => replies.push(socket, req.moreToCome ? undefined : encodeSafely(req, reply), wantsJournalSync(req.command));
      const reply = dispatch(store, cursors, req.command, connectionId);
      if (!(reply instanceof Promise)) return done(reply);
      running = true;
      void reply.then((r) => {
        running = false;
        done(r);
        while (!running && waiting.length && !socket.destroyed) handle(waiting.shift()!);
      });
    };
    socket.on('data', (chunk) => {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      while (buf.length >= 4) {
        const len = buf.readInt32LE(0);
        if (len < 16 || len > MAX_MESSAGE) {
          socket.destroy();
          return;
        }
        if (buf.length < len) break;
        const msg = buf.subarray(0, len);
        buf = buf.subarray(len);
        let req: Request;
        try {
          req = decodeMessage(msg);
        } catch {
          socket.destroy(); // not a protocol we speak: drop the connection rather than guess
          return;
        }
        if (running) waiting.push(req);
        else handle(req);
      }
    });
    socket.on('error', () => socket.destroy());
  });
  return server;
}
