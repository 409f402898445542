// Every submission a person can make offline goes through here: stored first, with its
// Idempotency-Key created before the first attempt, then sent with the same api client as the online path.
import type { OutboxKind } from '../db';
import type { OutboxKindSpec } from './kinds';
import { discardItem, enqueueRequest, requestOf, type EnqueueOptions, type StoredRequest } from './store';
import { sendOne } from './send';
import { requestOutboxSync } from './background-sync';

export type SubmitOutcome<T> = { status: 'sent'; body: T; } | { status: 'queued'; id: string; };

/**
 * Queue, then try at once. Resolves 'sent' with the server's answer, or 'queued' when it could not
 * be sent now (offline, server error, a 401 — the item then waits for a sign-in — or an item it was
 * queued after has not gone yet); the replayer sends it later. A 4xx validation answer is thrown as
 * ApiError so the form can show the server's message; that item is removed, because the person is
 * right there to correct and resubmit.
 */
export async function submitRequest<T = Record<string, unknown>>(req: StoredRequest): Promise<SubmitOutcome<T>> {
  const item = await enqueueRequest(req);
  const res = await sendOne(item.id);
  const queued = () => {
    void requestOutboxSync(); // where Background Sync exists, it goes even if the page is closed first
    return { status: 'queued' as const, id: item.id };
  };
  if (res.status !== 'done') return queued();
  if (res.item.state === 'sent') {
    // Sent while the person watched: the form shows the result, the Outbox page needn't list it.
    await discardItem(item.id);
    return { status: 'sent', body: res.item.response as T };
  }
  if (res.item.state === 'failed') {
    await discardItem(item.id);
    throw res.error;
  }
  return queued();
}

/** submitRequest for an item of a declared kind. */
export function submit<T = Record<string, unknown>, K extends OutboxKind = OutboxKind, I = unknown>(
  spec: OutboxKindSpec<K, I>,
  input: I,
  opts?: EnqueueOptions,
): Promise<SubmitOutcome<T>> {
  return submitRequest<T>(requestOf(spec, input, opts));
}
