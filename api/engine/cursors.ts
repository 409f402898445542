// Open cursors: the rest of a result set, served in batches by getMore. Idle cursors expire.
import { Long, calculateObjectSize } from 'bson';
import type { Doc } from './values.js';

const IDLE_MS = 10 * 60_000;
/** Keep each reply under the 16 MiB document limit (the batch is nested in one reply document). */
const MAX_BATCH_BYTES = 15 * 1024 * 1024;
export const DEFAULT_FIRST_BATCH = 101;

/** A document, or (for a large one) how to read it when its batch is sent. */
export type CursorDoc = Doc | (() => Doc);

interface Cursor {
  ns: string;
  docs: CursorDoc[];
  pos: number;
  lastUsed: number;
}

export class Cursors {
  private open = new Map<string, Cursor>();
  private timer: NodeJS.Timeout;

  constructor() {
    this.timer = setInterval(() => this.expire(), 60_000);
    this.timer.unref();
  }

  /** Returns the first batch and a cursor id (0 when everything fitted). */
  start(ns: string, docs: CursorDoc[], batchSize: number, single: boolean): { batch: Doc[]; id: Long; } {
    const c: Cursor = { ns, docs, pos: 0, lastUsed: Date.now() };
    const batch = this.take(c, batchSize > 0 ? batchSize : DEFAULT_FIRST_BATCH);
    if (single || c.pos >= docs.length) return { batch, id: Long.ZERO };
    let id: Long;
    do id = Long.fromBits((Math.random() * 0x7fffffff) | 0, (Math.random() * 0x7fffffff) | 0 || 1); while (this.open.has(id.toString()));
    this.open.set(id.toString(), c);
    return { batch, id };
  }

  next(id: unknown, batchSize: number): { batch: Doc[]; id: Long; ns: string; } | undefined {
    const key = String(id);
    const c = this.open.get(key);
    if (!c) return undefined;
    c.lastUsed = Date.now();
    const batch = this.take(c, batchSize > 0 ? batchSize : Number.MAX_SAFE_INTEGER);
    if (c.pos >= c.docs.length) {
      this.open.delete(key);
      return { batch, id: Long.ZERO, ns: c.ns };
    }
    return { batch, id: Long.fromString(key), ns: c.ns };
  }

  kill(id: unknown): boolean {
    return this.open.delete(String(id));
  }

  private take(c: Cursor, n: number): Doc[] {
    const out: Doc[] = [];
    let bytes = 0;
    while (c.pos < c.docs.length && out.length < n) {
      const item = c.docs[c.pos];
      const d = typeof item === 'function' ? item() : item;
      const size = c.docs.length - c.pos > 1 || out.length > 0 ? calculateObjectSize(d) : 0;
      if (out.length > 0 && bytes + size > MAX_BATCH_BYTES) break;
      bytes += size;
      out.push(d);
      c.pos++;
    }
    return out;
  }

  private expire(): void {
    const cutoff = Date.now() - IDLE_MS;
    for (const [k, c] of this.open) if (c.lastUsed < cutoff) this.open.delete(k);
  }

  close(): void {
    clearInterval(this.timer);
    this.open.clear();
  }
}
