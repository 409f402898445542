// Outbox rows in Dexie: adding (with the next `seq`, so replay goes oldest first), and what the
// Outbox page can do to an item (retry now, discard). Sending lives in send.ts / replay.ts.
import type { OutboxKind } from '../db';
import { db, type FormPart, type OutboxItem } from '../db';
import type { OutboxKindSpec, OutboxMeta } from './kinds';
import { withDb } from './connection';
import { markOutboxEmpty, markOutboxMaybeNonEmpty } from './hint';
import { UNSENT_STATES } from './state';
import { askPersistentStorage } from './storage';
import { audienceFor, currentOwner } from './token-mark';

/** Sent items stay visible on the Outbox page this long, then are removed. */
export const KEEP_SENT_MS = 60 * 60_000;

/** A request as stored: what enqueue() makes of a kind and its input. */
export interface StoredRequest {
  kind: OutboxKind;
  label: string;
  method?: 'POST' | 'PUT' | 'PATCH';
  path: string;
  auth: 'customer' | 'employee' | 'none';
  json?: unknown;
  form?: FormPart[];
  meta?: Record<string, string>;
  invalidates?: readonly (readonly string[])[];
  /** Send only after this item (unless it fails or the server has answered it once). */
  after?: string;
}

export interface EnqueueOptions {
  /** Queued together with `after` and sent after it (its failure never holds this one back). */
  after?: string;
}

/** The request a kind makes of an input. */
export function requestOf<K extends OutboxKind, I>(spec: OutboxKindSpec<K, I>, input: I, opts: EnqueueOptions = {}): StoredRequest {
  return {
    kind: spec.kind,
    label: spec.label(input),
    auth: spec.auth,
    ...spec.request(input),
    meta: spec.meta(input) as OutboxMeta[K] & Record<string, string>,
    invalidates: spec.invalidates,
    after: opts.after,
  };
}

/** Stores the request first: its id (the Idempotency-Key) exists before the first attempt. */
export async function enqueueRequest(req: StoredRequest, now = Date.now()): Promise<OutboxItem> {
  const owner = currentOwner(req.auth);
  const base: OutboxItem = {
    id: crypto.randomUUID(),
    kind: req.kind,
    label: req.label,
    method: req.method ?? 'POST',
    path: req.path,
    auth: req.auth,
    json: req.json,
    form: req.form,
    meta: req.meta,
    invalidates: req.invalidates?.map((k) => [...k]),
    after: req.after,
    state: 'queued',
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
    owner,
    audience: audienceFor(req.auth, owner),
  };
  // One rw transaction: IndexedDB serialises these across tabs, so two tabs never take the same seq.
  const added = await withDb(() =>
    db.transaction('rw', db.outbox, async () => {
      const last = await db.outbox.orderBy('seq').last();
      const item = { ...base, seq: (last?.seq ?? 0) + 1 };
      await db.outbox.add(item);
      return item;
    })
  );
  markOutboxMaybeNonEmpty(); // after the commit: see hint.ts
  void askPersistentStorage(); // something is worth keeping now: ask the browser not to evict it
  return added;
}

/** Queues an item of a declared kind (sent by the replayer; submit() also tries at once). */
export function enqueue<K extends OutboxKind, I>(spec: OutboxKindSpec<K, I>, input: I, opts?: EnqueueOptions): Promise<OutboxItem> {
  return enqueueRequest(requestOf(spec, input, opts));
}

/**
 * Clears the "may hold items" hint, and the service worker's copy of the session (session-mirror.ts),
 * if nothing is unsent — checked and cleared in one transaction.
 */
export async function clearHintIfEmpty(): Promise<void> {
  await withDb(() =>
    db.transaction('rw', db.outbox, db.session, async () => {
      if ((await db.outbox.where('state').anyOf(UNSENT_STATES).count()) > 0) return;
      await db.session.delete('current');
      markOutboxEmpty();
    })
  );
}

/** The person asked to try again now (failed, waiting, or signed in again): due immediately. */
export async function retryItem(id: string): Promise<void> {
  await withDb(() =>
    db.outbox
      .where('id')
      .equals(id)
      .modify((item) => {
        if (item.state === 'sent' || item.state === 'sending') return;
        item.state = 'queued';
        item.nextAttemptAt = Date.now();
        item.refusedToken = undefined;
      })
  );
}

/** The person chose to throw the item away (after a confirmation). */
export async function discardItem(id: string): Promise<void> {
  await withDb(() => db.outbox.delete(id));
}

/**
 * Applies a person's correction to a failed item's JSON body and queues it again. A changed body
 * under the same Idempotency-Key would be refused (422), so the corrected item gets a new key
 * (keeping its place in the queue).
 */
export async function editItemJson(id: string, json: unknown): Promise<string | undefined> {
  return withDb(() =>
    db.transaction('rw', db.outbox, async () => {
      const item = await db.outbox.get(id);
      if (!item || item.state !== 'failed') return undefined;
      const fresh: OutboxItem = { ...item, id: crypto.randomUUID(), json, state: 'queued', nextAttemptAt: Date.now(), lastError: undefined };
      await db.outbox.delete(id);
      await db.outbox.add(fresh);
      return fresh.id;
    })
  );
}

export async function purgeSent(now = Date.now()): Promise<void> {
  await withDb(() =>
    db.outbox
      .where('state')
      .equals('sent')
      .filter((i) => (i.sentAt ?? 0) < now - KEEP_SENT_MS)
      .delete()
  );
}
