// Outbox rows in Dexie: adding (with the next `seq`, so replay goes oldest first), and what the
// Outbox page can do to an item (retry now, discard). Sending lives in send.ts / replay.ts.
import { db, type OutboxItem } from '../db';
import type { SubmitRequest } from './submit';
import { markOutboxEmpty, markOutboxMaybeNonEmpty } from './hint';
import { UNSENT_STATES } from './state';
import { currentOwner } from './token-mark';

/** Sent items stay visible on the Outbox page this long, then are removed. */
export const KEEP_SENT_MS = 60 * 60_000;

/** Stores the request first: its id (the Idempotency-Key) exists before the first attempt. */
export async function enqueue(req: SubmitRequest, now = Date.now()): Promise<OutboxItem> {
  const base: OutboxItem = {
    id: crypto.randomUUID(),
    kind: req.kind,
    label: req.label,
    method: req.method ?? 'POST',
    path: req.path,
    auth: req.auth,
    json: req.json,
    form: req.form,
    state: 'queued',
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
    owner: currentOwner(req.auth),
  };
  // One rw transaction: IndexedDB serialises these across tabs, so two tabs never take the same seq.
  const added = await db.transaction('rw', db.outbox, async () => {
    const last = await db.outbox.orderBy('seq').last();
    const item = { ...base, seq: (last?.seq ?? 0) + 1 };
    await db.outbox.add(item);
    return item;
  });
  markOutboxMaybeNonEmpty(); // after the commit: see hint.ts
  return added;
}

/**
 * Clears the "may hold items" hint, and the service worker's copy of the session (session-mirror.ts),
 * if nothing is unsent — checked and cleared in one transaction.
 */
export async function clearHintIfEmpty(): Promise<void> {
  await db.transaction('rw', db.outbox, db.session, async () => {
    if ((await db.outbox.where('state').anyOf(UNSENT_STATES).count()) > 0) return;
    await db.session.delete('current');
    markOutboxEmpty();
  });
}

/** The person asked to try again now (failed, waiting, or signed in again): due immediately. */
export async function retryItem(id: string): Promise<void> {
  await db.outbox.where('id').equals(id).modify((item) => {
    if (item.state === 'sent' || item.state === 'sending') return;
    item.state = 'queued';
    item.nextAttemptAt = Date.now();
    item.refusedToken = undefined;
  });
}

/** The person chose to throw the item away (after a confirmation). */
export async function discardItem(id: string): Promise<void> {
  await db.outbox.delete(id);
}

/**
 * Applies a person's correction to a failed item's JSON body and queues it again. A changed body
 * under the same Idempotency-Key would be refused (422), so the corrected item gets a new key
 * (keeping its place in the queue).
 */
export async function editItemJson(id: string, json: unknown): Promise<string | undefined> {
  return db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(id);
    if (!item || item.state !== 'failed') return undefined;
    const fresh: OutboxItem = { ...item, id: crypto.randomUUID(), json, state: 'queued', nextAttemptAt: Date.now(), lastError: undefined };
    await db.outbox.delete(id);
    await db.outbox.add(fresh);
    return fresh.id;
  });
}

export async function purgeSent(now = Date.now()): Promise<void> {
  await db.outbox.where('state').equals('sent').filter((i) => (i.sentAt ?? 0) < now - KEEP_SENT_MS).delete();
}

/** Every item, oldest first. */
export function listItems(): Promise<OutboxItem[]> {
  return db.outbox.orderBy('seq').toArray();
}
