// The outbox state machine in one tab: replay of queued items, states, backoff, order, one replayer, leases, crashes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db';
import { submitRequest } from '@/lib/outbox/submit';
import { REPLAY_CONCURRENCY, replayOutbox, resetStuckSending } from '@/lib/outbox/replay';
import { discardItem, editItemJson, retryItem } from '@/lib/outbox/store';
import { onSent } from '@/lib/outbox/events';
import { backoffMs } from '@/lib/outbox/state';
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

beforeEach(async () => {
  await db.outbox.clear();
  await db.leases.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
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
