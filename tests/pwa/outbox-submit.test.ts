// The outbox state machine in one tab: submit, the "may hold items" hint, tokens at send time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db';
import { ApiError } from '@/lib/api';
import { customerSession } from '@/lib/session';
import { submitRequest } from '@/lib/outbox/submit';
import { replayOutbox } from '@/lib/outbox/replay';
import { discardItem, retryItem } from '@/lib/outbox/store';
import { backoffMs } from '@/lib/outbox/state';
import { outboxMaybeNonEmpty } from '@/lib/outbox/hint';
import { MSG } from '@shared/messages';
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
