// One attempt at one outbox item, holding that item's lock so no two senders (the form's immediate
// send, a replay in this or another tab) ever post it at the same time. The token is read now,
// inside api(), never taken from the stored request.
import { api, ApiError, NetworkError } from '../api';
import { db, type FormPart, type OutboxItem } from '../db';
import { afterAttempt, SENDABLE_STATES, waitsFor, type AttemptOutcome } from './state';
import { withDb } from './connection';
import { currentToken, isOwnersSession, tokenMark } from './token-mark';
import { MSG } from '@shared/messages';
import { itemLock, tryWithLock } from './locks';
import { emitOutboxSent } from './events';

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

export type SendResult = { status: 'skipped'; } | { status: 'deferred'; } | { status: 'done'; item: OutboxItem; error?: unknown; };

export async function sendOne(id: string): Promise<SendResult> {
  const res = await tryWithLock(itemLock(id), async (): Promise<SendResult> => {
    // Read and mark 'sending' in one transaction (one IndexedDB round trip less per item).
    const attempt = await withDb(() =>
      db.transaction('rw', db.outbox, async () => {
        const item = await db.outbox.get(id);
        if (!item || !SENDABLE_STATES.includes(item.state)) return null;
        // Queued after another item that has not gone yet (the wizard's profile before its booking).
        if (item.after && waitsFor(await db.outbox.get(item.after))) return 'deferred' as const;
        if (!isOwnersSession(item)) {
          // Someone else is signed in on this device: wait for the owner, like a 401 would.
          await db.outbox.put({ ...item, state: 'needs-sign-in', lastError: MSG.signInAsOwner, refusedToken: tokenMark(currentToken(item.auth)) });
          return null;
        }
        const marked = { ...item, state: 'sending' as const, attempts: item.attempts + 1, sendingSince: Date.now() };
        await db.outbox.put(marked);
        return marked;
      })
    );
    if (attempt === 'deferred') return { status: 'deferred' };
    if (!attempt) return { status: 'skipped' };
    const item = attempt;
    const mark = tokenMark(currentToken(item.auth));
    let outcome: AttemptOutcome;
    let error: unknown;
    try {
      outcome = { type: 'ok', body: await sendItem(attempt) };
    } catch (err) {
      error = err;
      if (err instanceof ApiError) outcome = { type: 'http', status: err.status, message: err.message, errorType: err.errorType };
      else if (err instanceof NetworkError) outcome = { type: 'network', message: err.message };
      else outcome = { type: 'network', message: (err as Error)?.message || String(err) };
    }
    const next: OutboxItem = { ...attempt, ...afterAttempt(attempt, outcome, Date.now()) };
    if (next.state === 'needs-sign-in') next.refusedToken = mark;
    // Once the server has it, the request body (maybe a CV file) has no reason to stay on the device.
    if (next.state === 'sent') next.json = next.form = undefined;
    // The person may have discarded it meanwhile: don't bring it back.
    // A connection lost during the request is reopened here (withDb): the answer must be recorded, or
    // the item would be sent again (harmless with its key, but "sent" must not be forgotten).
    const stillThere = await withDb(() =>
      db.transaction('rw', db.outbox, async () => {
        if (!(await db.outbox.get(id))) return false;
        await db.outbox.put(next);
        return true;
      })
    );
    if (stillThere && next.state === 'sent') emitOutboxSent(next);
    return { status: 'done', item: next, error };
  });
  return res.ran ? res.value : { status: 'skipped' };
}
