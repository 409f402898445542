// The replayer: sends every due outbox item, oldest first, a few at a time, and only in one tab at a
// time (REPLAY_LOCK). Items stuck in 'sending' (the tab died mid-send) are sent again; their
// Idempotency-Key makes that safe — the server answers a repeat with the first answer.
import { db, type OutboxItem } from '../db';
import { isLockHeld, itemLock, renewLease, REPLAY_LOCK, tryWithLock } from './locks';
import { sendOne } from './send';
import { hasFreshToken } from './token-mark';
import { clearHintIfEmpty, purgeSent } from './store';
import { withDb } from './connection';
import { waitsFor } from './state';

/** A 'sending' item older than this whose sender we can't see is treated as crashed. */
export const STUCK_MS = 30_000;

export interface ReplayOptions {
  /** Ignore backoff (the network just came back, the person signed in, the app just started). */
  force?: boolean;
  /** Requests in flight at once (default REPLAY_CONCURRENCY; 1 = strictly one after another). */
  concurrency?: number;
}

export interface ReplaySummary {
  ran: boolean;
  attempted: number;
  sent: number;
}

async function isStuck(item: OutboxItem, now: number): Promise<boolean> {
  const held = await isLockHeld(itemLock(item.id));
  if (held !== undefined) return !held; // Web Locks know exactly whether a live tab is sending it
  return (item.sendingSince ?? 0) < now - STUCK_MS;
}

async function isDue(item: OutboxItem, now: number, force: boolean, byId: Map<string, OutboxItem>): Promise<boolean> {
  // Queued after another item that has not gone yet: the next pass of this drain takes it.
  if (item.after && waitsFor(byId.get(item.after))) return false;
  switch (item.state) {
    case 'queued':
      return force || item.nextAttemptAt <= now;
    case 'needs-sign-in':
      return hasFreshToken(item);
    case 'sending':
      return isStuck(item, now);
    default:
      return false;
  }
}

async function dueItems(now: number, force: boolean, tried: Set<string>): Promise<OutboxItem[]> {
  const all = await withDb(() => db.outbox.orderBy('seq').toArray());
  const byId = new Map(all.map((i) => [i.id, i]));
  const due: OutboxItem[] = [];
  const dueIds = new Set<string>();
  for (const item of all) {
    // Its predecessor goes in this round: this one in the next (never both at once).
    if (item.after && dueIds.has(item.after)) continue;
    if (!tried.has(item.id) && (await isDue(item, now, force, byId))) {
      due.push(item);
      dueIds.add(item.id);
    }
  }
  return due;
}

/**
 * How many requests one replayer keeps in flight. Items are independent creates (each with its own
 * key), so a few in parallel drain a long queue several times faster than one by one (the server
 * commits concurrent writes together), while still starting them strictly oldest first.
 */
export const REPLAY_CONCURRENCY = 4;

async function drain(force: boolean, concurrency: number): Promise<ReplaySummary> {
  await purgeSent();
  const summary: ReplaySummary = { ran: true, attempted: 0, sent: 0 };
  // Each item gets at most one attempt per drain; backoff decides the next one. Items queued
  // while we drain are picked up by the next pass.
  const tried = new Set<string>();
  for (;;) {
    const due = await dueItems(Date.now(), force, tried);
    if (due.length === 0) return summary;
    let next = 0;
    const worker = async () => {
      while (next < due.length) {
        const item = due[next++]; // taken in seq order: the oldest waiting item starts first
        tried.add(item.id);
        const res = await sendOne(item.id);
        // Held back by the item it was queued after: look at it again once that one is done.
        if (res.status === 'deferred') tried.delete(item.id);
        if (res.status === 'done') {
          summary.attempted++;
          if (res.item.state === 'sent') summary.sent++;
        }
        await renewLease(REPLAY_LOCK);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  }
}

let running: Promise<ReplaySummary> | null = null;
let again = false;
let againForce = false;

/**
 * Sends what is due. Concurrent calls in this tab share one run (and ask it to look again once
 * more, so nothing queued meanwhile waits for the next trigger); another tab's run makes this a no-op.
 */
export function replayOutbox(opts: ReplayOptions = {}): Promise<ReplaySummary> {
  if (running) {
    again = true;
    againForce ||= !!opts.force;
    return running;
  }
  running = (async () => {
    const total: ReplaySummary = { ran: false, attempted: 0, sent: 0 };
    let force = !!opts.force;
    try {
      do {
        again = false;
        const res = await tryWithLock(REPLAY_LOCK, () => drain(force, opts.concurrency ?? REPLAY_CONCURRENCY), { crossTabLease: true });
        if (!res.ran) break;
        total.ran = true;
        total.attempted += res.value.attempted;
        total.sent += res.value.sent;
        force = againForce;
        againForce = false;
      } while (again);
      if (total.ran) await clearHintIfEmpty();
      return total;
    } finally {
      running = null;
    }
  })();
  return running;
}

/**
 * App start: a 'sending' item no live tab is sending is a leftover of a crash or reload — queue it
 * again. Without Web Locks we can't see other tabs, so every 'sending' item not sent by this tab is
 * reset (a duplicate attempt is harmless thanks to the Idempotency-Key).
 */
export async function resetStuckSending(): Promise<number> {
  const sending = await withDb(() => db.outbox.where('state').equals('sending').toArray());
  let reset = 0;
  for (const item of sending) {
    if (await isLockHeld(itemLock(item.id))) continue;
    await withDb(() =>
      db.outbox
        .where('id')
        .equals(item.id)
        .modify((i) => {
          if (i.state !== 'sending') return;
          i.state = 'queued';
          i.nextAttemptAt = Date.now();
          i.sendingSince = undefined;
          reset++;
        })
    );
  }
  return reset;
}

/** When the next queued item becomes due (for a timer), or null. */
export async function nextDueAt(): Promise<number | null> {
  const queued = await withDb(() => db.outbox.where('state').equals('queued').toArray());
  return queued.length ? Math.min(...queued.map((i) => i.nextAttemptAt)) : null;
}
