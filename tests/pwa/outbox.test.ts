// The outbox state machine end to end in one tab: submit, replay, states, backoff, order, tokens.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db';
import { ApiError } from '@/lib/api';
import { customerSession } from '@/lib/session';
import { submitRequest } from '@/lib/outbox/submit';
import { REPLAY_CONCURRENCY, replayOutbox, resetStuckSending } from '@/lib/outbox/replay';
import { discardItem, editItemJson, retryItem } from '@/lib/outbox/store';
import { onSent } from '@/lib/outbox/events';
import { backoffMs } from '@/lib/outbox/state';
import { outboxMaybeNonEmpty } from '@/lib/outbox/hint';
import { MSG } from '@shared/messages';
import { IDEMPOTENCY_BUSY } from '@shared/constants';
import { scriptFetch } from './outbox-helpers';

const contact = (n = 1) => ({
  kind: 'contact' as const,
  label: `Message ${n}`,
  path: '/api/contact',
  auth: 'none' as const,
  json: { name: 'Ann', email: 'ann@example.com', message: `hello ${n}` },
});
const booking = {
  kind: 'booking' as const,
  label: 'Booking for SW1A1AA',
  path: '/api/user/bookings',
  auth: 'customer' as const,
  json: { postcode: 'SW1A1AA' },
};
const user = { id: 'u1', email: 'ann@example.com', name: 'Ann', role: 'user' } as never;

beforeEach(async () => {
  await db.outbox.clear();
  await db.leases.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('submitRequest', () => {
  it('sends at once when online with a UUID Idempotency-Key, and leaves nothing behind', async () => {
    const f = scriptFetch(() => ({ status: 201, body: { success: true, message: 'ok', id: 'c1' } }));
    const out = await submitRequest(contact());
    expect(out).toEqual({ status: 'sent', body: { success: true, message: 'ok', id: 'c1' } });
    expect(f.seen).toHaveLength(1);
    expect(f.seen[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(f.seen[0].body).toEqual(contact().json);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps the item queued on a network failure, with backoff and the network message', async () => {
    scriptFetch(() => 'network');
    const before = Date.now();
    const out = await submitRequest(contact());
    expect(out.status).toBe('queued');
    const item = await db.outbox.get((out as { id: string; }).id);
    expect(item).toMatchObject({ state: 'queued', attempts: 1, lastError: MSG.network });
    expect(item!.nextAttemptAt).toBeGreaterThanOrEqual(before + backoffMs(1));
  });

  it('throws the server validation error at once and removes the item (the form shows it)', async () => {
    scriptFetch(() => ({ status: 400, body: { success: false, message: 'Email is required', errors: { email: 'Email is required' } } }));
    const err = await submitRequest(contact()).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).fieldErrors).toEqual({ email: 'Email is required' });
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('replay', () => {
  it('sends a queued item later with the same Idempotency-Key and announces it', async () => {
    let online = false;
    const f = scriptFetch(() => (online ? { status: 201 } : 'network'));
    const out = await submitRequest(booking);
    const sent: string[] = [];
    const off = onSent(null, (i) => sent.push(i.id));
    online = true;
    const summary = await replayOutbox({ force: true });
    off();
    expect(summary).toMatchObject({ ran: true, attempted: 1, sent: 1 });
    expect(f.seen.map((s) => s.key)).toEqual([(out as { id: string; }).id, (out as { id: string; }).id]);
    const item = await db.outbox.get((out as { id: string; }).id);
    expect(item).toMatchObject({ state: 'sent', attempts: 2 });
    expect(item!.json).toBeUndefined(); // the body doesn't stay on the device once delivered
    expect(sent).toEqual([(out as { id: string; }).id]);
  });

  it('backs off exponentially on 5xx and waits for nextAttemptAt unless forced', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const f = scriptFetch(() => ({ status: 503 }));
    const { id } = (await submitRequest(contact())) as { id: string; };
    expect(backoffMs(1)).toBe(2000);
    expect(backoffMs(2)).toBe(4000);
    expect(backoffMs(3)).toBe(8000);
    expect(backoffMs(50)).toBe(5 * 60_000);

    await replayOutbox(); // not due yet
    expect(f.seen).toHaveLength(1);
    vi.setSystemTime(Date.now() + 2001);
    await replayOutbox();
    expect(f.seen).toHaveLength(2);
    const item = await db.outbox.get(id);
    expect(item).toMatchObject({ state: 'queued', attempts: 2, lastError: 'status 503' });
    expect(item!.nextAttemptAt - Date.now()).toBeGreaterThanOrEqual(3990);
    vi.setSystemTime(Date.now() + 2000); // half the wait: still not due
    await replayOutbox();
    expect(f.seen).toHaveLength(2);
    await replayOutbox({ force: true }); // back online / signed in: try now
    expect(f.seen).toHaveLength(3);
  });

  it('treats 409 (same key still in progress) as transient', async () => {
    scriptFetch(() => ({ status: 409, body: { success: false, message: 'still in progress', errorType: IDEMPOTENCY_BUSY } }));
    const { id } = (await submitRequest(contact())) as { id: string; };
    expect((await db.outbox.get(id))!.state).toBe('queued');
  });

  it('a replayed 409 refusal (past a cut-off) fails with its message instead of retrying for ever', async () => {
    let refuse = false;
    scriptFetch(() => (refuse ? { status: 409, body: { success: false, message: 'Too late to change online.' } } : 'network'));
    const { id } = (await submitRequest(contact())) as { id: string; };
    refuse = true;
    await replayOutbox({ force: true });
    expect(await db.outbox.get(id)).toMatchObject({ state: 'failed', lastError: 'Too late to change online.' });
  });

  it('marks a replayed 4xx as failed with the server message, keeps it, and sends it after Retry', async () => {
    let mode: 'offline' | 'refuse' | 'ok' = 'offline';
    const f = scriptFetch(
      () => (mode === 'offline'
        ? 'network'
        : mode === 'refuse'
        ? { status: 422, body: { success: false, message: 'Postcode is not valid' } }
        : { status: 201 }),
    );
    const { id } = (await submitRequest(contact())) as { id: string; };
    mode = 'refuse';
    await replayOutbox({ force: true });
    expect(await db.outbox.get(id)).toMatchObject({ state: 'failed', lastError: 'Postcode is not valid' });
    await replayOutbox({ force: true }); // failed items wait for the person
    expect(f.seen).toHaveLength(2);
    mode = 'ok';
    await retryItem(id);
    await replayOutbox();
    expect(await db.outbox.get(id)).toMatchObject({ state: 'sent', attempts: 3 });
  });

  it('an edited failed item is sent as a new request (new key, new body)', async () => {
    let refuse = true;
    scriptFetch(() => 'network');
    const { id } = (await submitRequest(contact())) as { id: string; };
    const g = scriptFetch(() => (refuse ? { status: 400, body: { message: 'Bad phone' } } : { status: 201 }));
    await replayOutbox({ force: true });
    expect(await db.outbox.get(id)).toMatchObject({ state: 'failed', lastError: 'Bad phone' });
    refuse = false;
    const newId = await editItemJson(id, { ...contact().json, message: 'fixed' });
    expect(newId).toBeTruthy();
    expect(newId).not.toBe(id);
    await replayOutbox();
    expect(g.seen.at(-1)).toMatchObject({ key: newId, body: { message: 'fixed' } });
    expect(await db.outbox.get(id)).toBeUndefined();
    expect(await db.outbox.get(newId!)).toMatchObject({ state: 'sent' });
  });

  it('sends oldest first', async () => {
    let online = false;
    const f = scriptFetch(() => (online ? { status: 201 } : 'network'));
    for (let n = 1; n <= 6; n++) await submitRequest(contact(n));
    online = true;
    f.seen.length = 0;
    await replayOutbox({ force: true });
    expect(f.seen.map((s) => (s.body as { message: string; }).message)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `hello ${n}`));
  });

  it('runs one replayer at a time even when replays are started concurrently (≤ REPLAY_CONCURRENCY requests in flight)', async () => {
    let online = false;
    const f = scriptFetch(() => (online ? { status: 201, delayMs: 15 } : 'network'));
    for (let n = 1; n <= 12; n++) await submitRequest(contact(n));
    online = true;
    f.seen.length = 0;
    const [a, b, c] = await Promise.all([replayOutbox({ force: true }), replayOutbox({ force: true }), replayOutbox()]);
    expect(a.sent + b.sent + c.sent).toBeGreaterThanOrEqual(12);
    expect(f.seen).toHaveLength(12); // each item exactly once
    expect(new Set(f.seen.map((s) => s.key)).size).toBe(12);
    expect(f.maxInFlight()).toBeGreaterThan(1);
    expect(f.maxInFlight()).toBeLessThanOrEqual(REPLAY_CONCURRENCY); // two replayers would double this
    expect(f.seen.map((s) => (s.body as { message: string; }).message)).toEqual(Array.from({ length: 12 }, (_, i) => `hello ${i + 1}`)); // started oldest first
    expect(await db.outbox.where('state').equals('sent').count()).toBe(12);
  });

  it('with concurrency 1 sends strictly one after another', async () => {
    let online = false;
    const f = scriptFetch(() => (online ? { status: 201, delayMs: 5 } : 'network'));
    for (let n = 1; n <= 4; n++) await submitRequest(contact(n));
    online = true;
    f.seen.length = 0;
    await Promise.all([replayOutbox({ force: true, concurrency: 1 }), replayOutbox({ force: true, concurrency: 1 })]);
    expect(f.seen).toHaveLength(4);
    expect(f.maxInFlight()).toBe(1);
  });

  it('does not replay while another tab holds the replay lease, and takes over an expired one', async () => {
    let online = false;
    const f = scriptFetch(() => (online ? { status: 201 } : 'network'));
    await submitRequest(contact());
    online = true;
    f.seen.length = 0;
    await db.leases.put({ name: 'outbox-replay', owner: 'other-tab', expiresAt: Date.now() + 10_000 });
    expect((await replayOutbox({ force: true })).ran).toBe(false);
    expect(f.seen).toHaveLength(0);
    await db.leases.put({ name: 'outbox-replay', owner: 'other-tab', expiresAt: Date.now() - 1 });
    expect(await replayOutbox({ force: true })).toMatchObject({ ran: true, sent: 1 });
    expect(await db.leases.count()).toBe(0); // released after the drain
  });

  it("puts 'sending' leftovers of a crashed tab back in the queue on start and resends them with the same key", async () => {
    const f = scriptFetch(() => ({ status: 201 }));
    await db.outbox.add({
      id: 'left-over-1',
      seq: 1,
      kind: 'contact',
      label: 'x',
      method: 'POST',
      path: '/api/contact',
      auth: 'none',
      json: { a: 1 },
      state: 'sending',
      attempts: 1,
      nextAttemptAt: 0,
      createdAt: Date.now(),
      sendingSince: Date.now(),
    });
    expect(await resetStuckSending()).toBe(1);
    expect((await db.outbox.get('left-over-1'))!.state).toBe('queued');
    await replayOutbox();
    expect(f.seen.map((s) => s.key)).toEqual(['left-over-1']);
    expect((await db.outbox.get('left-over-1'))!.state).toBe('sent');
  });

  it('never resurrects an item discarded while it was being sent', async () => {
    let online = false;
    scriptFetch(() => (online ? { status: 201, delayMs: 30 } : 'network'));
    const { id } = (await submitRequest(contact())) as { id: string; };
    online = true;
    const run = replayOutbox({ force: true });
    await new Promise((r) => setTimeout(r, 10));
    await discardItem(id);
    await run;
    expect(await db.outbox.get(id)).toBeUndefined();
  });
});

describe('the "may hold items" hint', () => {
  it('is set by every enqueue and cleared only when a replay leaves nothing unsent', async () => {
    let mode: 'offline' | 'refuse' | 'ok' = 'offline';
    scriptFetch(() => (mode === 'offline' ? 'network' : mode === 'refuse' ? { status: 400, body: { message: 'no' } } : { status: 201 }));
    await submitRequest(contact(1));
    const { id } = (await submitRequest(contact(2))) as { id: string; };
    expect(outboxMaybeNonEmpty()).toBe(true);
    mode = 'refuse';
    await replayOutbox({ force: true }); // both refused: failed items still need the person
    expect(outboxMaybeNonEmpty()).toBe(true);
    mode = 'ok';
    await retryItem(id);
    await replayOutbox();
    expect(outboxMaybeNonEmpty()).toBe(true); // item 1 is still failed
    await discardItem((await db.outbox.where('state').equals('failed').first())!.id);
    await replayOutbox();
    expect(outboxMaybeNonEmpty()).toBe(false);
  });
});

describe('tokens', () => {
  it('waits in needs-sign-in after a 401, reads the new token at send time after sign-in', async () => {
    customerSession.save('old-token', user);
    let accept = 'none';
    const f = scriptFetch((
      s,
    ) => (s.auth === `Bearer ${accept}`
      ? { status: 201, body: { success: true, bookingId: 'b1' } }
      : { status: 401, body: { success: false, message: 'Invalid or expired token' } })
    );
    const out = await submitRequest(booking);
    expect(out.status).toBe('queued');
    const id = (out as { id: string; }).id;
    expect(await db.outbox.get(id)).toMatchObject({ state: 'needs-sign-in', lastError: 'Invalid or expired token' });
    expect(JSON.stringify(await db.outbox.get(id))).not.toContain('old-token'); // never stored

    await replayOutbox({ force: true }); // same stale token: no pointless 401 loop
    expect(f.seen).toHaveLength(1);

    customerSession.save('new-token', user);
    accept = 'new-token';
    await replayOutbox();
    expect(f.seen.map((s) => s.auth)).toEqual(['Bearer old-token', 'Bearer new-token']);
    expect(f.seen[1].key).toBe(id);
    expect(await db.outbox.get(id)).toMatchObject({ state: 'sent', response: { success: true, bookingId: 'b1' } });
  });

  it("never sends one account's item under another account's session on a shared device", async () => {
    customerSession.save('ann-token', user);
    const f = scriptFetch(() => 'network');
    const out = await submitRequest(booking);
    const id = (out as { id: string; }).id;
    expect(await db.outbox.get(id)).toMatchObject({ owner: 'u1', state: 'queued' });

    customerSession.save('bob-token', { ...(user as object), id: 'u2', email: 'bob@example.com' } as never);
    const duringBob = scriptFetch(() => ({ status: 201, body: { success: true } }));
    await replayOutbox({ force: true });
    expect(f.seen).toHaveLength(1); // Ann's own first attempt, which failed
    expect(duringBob.seen).toHaveLength(0); // nothing went out under Bob's token
    expect(await db.outbox.get(id)).toMatchObject({ state: 'needs-sign-in', lastError: MSG.signInAsOwner });

    customerSession.save('ann-new-token', user);
    const g = scriptFetch(() => ({ status: 201, body: { success: true, bookingId: 'b9' } }));
    await replayOutbox();
    expect(g.seen.map((s) => s.auth)).toEqual(['Bearer ann-new-token']);
    expect(await db.outbox.get(id)).toMatchObject({ state: 'sent' });
  });

  it('an anonymous item is sent without an Authorization header even when someone is signed in', async () => {
    customerSession.save('tok', user);
    const f = scriptFetch(() => ({ status: 201 }));
    await submitRequest(contact());
    expect(f.seen[0].auth).toBeNull();
  });
});
