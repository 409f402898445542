// Every submission a person can make offline goes through here: stored first, with its
// Idempotency-Key created before the first attempt, then sent with the same api client as the online path.
import { api, ApiError, NetworkError } from '../../lib/api';
import { db, type FormPart, type OutboxItem, type OutboxKind } from '../../lib/db';

export interface SubmitRequest {
  kind: OutboxKind;
  /** What the outbox page shows for this item, e.g. 'Booking for SW1A1AA'. */
  label: string;
  method?: 'POST' | 'PUT';
  path: string;
  auth: 'customer' | 'employee' | 'none';
  json?: unknown;
  form?: FormPart[];
}

export type SubmitOutcome<T> = { status: 'sent'; body: T } | { status: 'queued'; id: string };

export function toFormData(parts: FormPart[]): FormData {
  const fd = new FormData();
  for (const p of parts) {
    if ('file' in p) fd.append(p.name, p.file, p.filename);
    else fd.append(p.name, p.value);
  }
  return fd;
}

export async function sendItem<T>(item: OutboxItem): Promise<T> {
  return api<T>(item.path, {
    method: item.method,
    auth: item.auth,
    json: item.json,
    form: item.form ? toFormData(item.form) : undefined,
    idempotencyKey: item.id,
  });
}

/**
 * Queue, then try at once. Resolves 'sent' with the server's answer, or 'queued' when the network
 * is unavailable (the item stays and is replayed later). A 4xx is thrown as ApiError so the form
 * can show the server's message; the item is then removed (the person corrects and resubmits).
 */
export async function submitThroughOutbox<T = Record<string, unknown>>(req: SubmitRequest): Promise<SubmitOutcome<T>> {
  const now = Date.now();
  const item: OutboxItem = {
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
  };
  await db.outbox.add(item);
  try {
    await db.outbox.update(item.id, { state: 'sending', attempts: 1 });
    const body = await sendItem<T>(item);
    await db.outbox.delete(item.id);
    return { status: 'sent', body };
  } catch (err) {
    if (err instanceof ApiError && err.status < 500 && err.status !== 401 && err.status !== 408 && err.status !== 429) {
      await db.outbox.delete(item.id);
      throw err;
    }
    const state = err instanceof ApiError && err.status === 401 ? 'needs-sign-in' : 'queued';
    await db.outbox.update(item.id, { state, lastError: err instanceof NetworkError ? undefined : (err as Error).message, nextAttemptAt: Date.now() + 5_000 });
    return { status: 'queued', id: item.id };
  }
}
