// Background Sync's side of the outbox: the session copy the page leaves for the service worker, and
// the worker's replay, which runs without localStorage (stubbed away here, as in a worker).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db';
import { customerSession, employeeSession } from '@/lib/session';
import { enqueueRequest as enqueue } from '@/lib/outbox/store';
import { loadSessionMirror, mirrorSession } from '@/lib/outbox/session-mirror';
import { replayInBackground } from '@/lib/outbox/background-replay';
import { clearUserOfflineData } from '@/lib/offline-data';
import { STORAGE_KEYS } from '@shared/constants';
import { scriptFetch } from './outbox-helpers';

const user = { id: 'u1', email: 'ann@example.com', name: 'Ann', role: 'user' } as never;
const booking = {
  kind: 'booking' as const,
  label: 'Booking for SW1A1AA',
  path: '/api/user/bookings',
  auth: 'customer' as const,
  json: { postcode: 'SW1A1AA' },
};
const hours = { kind: 'work' as const, label: 'Hours', path: '/api/employee/submit-work', auth: 'employee' as const, json: { bookingId: 'b1', hours: 3 } };

/** From here on the code runs as in the service worker: there is no localStorage. */
const asServiceWorker = () => vi.stubGlobal('localStorage', undefined);

beforeEach(async () => {
  await db.outbox.clear();
  await db.leases.clear();
  await db.session.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the session copy for the service worker', () => {
  it('holds the tokens and the customer while something is unsent, and nothing otherwise', async () => {
    customerSession.save('cust-token', user);
    employeeSession.save('emp-token');
    await mirrorSession();
    expect(await loadSessionMirror()).toBeNull(); // empty outbox: no copy of any token

    await enqueue(booking);
    await mirrorSession();
    const copy = await loadSessionMirror();
    // The client id too: a replay must present the one that scopes the visitor's Idempotency-Keys.
    expect(copy).toEqual({
      [STORAGE_KEYS.token]: 'cust-token',
      [STORAGE_KEYS.user]: JSON.stringify(user),
      [STORAGE_KEYS.employeeToken]: 'emp-token',
      [STORAGE_KEYS.clientId]: localStorage.getItem(STORAGE_KEYS.clientId),
    });
    expect(copy?.[STORAGE_KEYS.clientId]).toBeTruthy();

    customerSession.clear();
    await mirrorSession();
    expect((await loadSessionMirror())?.[STORAGE_KEYS.token]).toBeNull();
  });

  it('is removed on sign-out with the offline bookings copy', async () => {
    customerSession.save('cust-token', user);
    await enqueue(booking);
    await mirrorSession();
    await clearUserOfflineData();
    expect(await loadSessionMirror()).toBeNull();
  });
});

describe('replayInBackground (the service worker on a Background Sync)', () => {
  it('sends with the copied tokens, then drops the copy with the last unsent item', async () => {
    customerSession.save('cust-token', user);
    employeeSession.save('emp-token');
    await enqueue(booking);
    await enqueue(hours);
    await mirrorSession();
    asServiceWorker();
    const f = scriptFetch(() => ({ status: 201, body: { success: true, message: 'ok' } }));

    expect(await replayInBackground()).toBe('drained');
    expect(f.seen.map((s) => [s.url, s.auth])).toEqual([
      ['/api/user/bookings', 'Bearer cust-token'],
      ['/api/employee/submit-work', 'Bearer emp-token'],
    ]);
    expect((await db.outbox.toArray()).map((i) => i.state)).toEqual(['sent', 'sent']);
    expect(await loadSessionMirror()).toBeNull();
  });

  it('does nothing without a session copy: a customer item must not be marked "sign in to send"', async () => {
    customerSession.save('cust-token', user);
    await enqueue(booking);
    asServiceWorker();
    const f = scriptFetch(() => ({ status: 201 }));
    expect(await replayInBackground()).toBe('no-session-copy');
    expect(f.seen).toHaveLength(0);
    expect((await db.outbox.toArray())[0].state).toBe('queued');
  });

  it('asks to be woken again when the network fails again, keeping the item and the copy', async () => {
    customerSession.save('cust-token', user);
    await enqueue(booking);
    await mirrorSession();
    asServiceWorker();
    scriptFetch(() => 'network');
    expect(await replayInBackground()).toBe('retry-later');
    expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'queued', attempts: 1 });
    expect(await loadSessionMirror()).not.toBeNull();
  });

  it('a 401 leaves the item waiting for a sign-in, without touching the page storage it cannot see', async () => {
    customerSession.save('old-token', user);
    await enqueue(booking);
    await mirrorSession();
    asServiceWorker();
    scriptFetch(() => ({ status: 401, body: { success: false, message: 'Session expired' } }));
    expect(await replayInBackground()).toBe('drained');
    expect((await db.outbox.toArray())[0].state).toBe('needs-sign-in');
    vi.unstubAllGlobals();
    expect(customerSession.token()).toBe('old-token'); // the page finds out on its own next call
  });
});

describe('news of a sent item crosses contexts', () => {
  it('reaches listeners here and other tabs or the service worker over a BroadcastChannel, both ways', async () => {
    const { emitOutboxSent, onSent } = await import('@/lib/outbox/events');
    const other = new BroadcastChannel('sparkleclean-outbox-sent'); // stands for another tab
    const heardThere: unknown[] = [];
    other.onmessage = (e) => heardThere.push(e.data);
    const heardHere: unknown[] = [];
    const off = onSent(null, (n) => heardHere.push(n));
    try {
      emitOutboxSent({ id: 'a', kind: 'work', label: 'Hours', state: 'sent', json: { big: 'body' } } as never);
      other.postMessage({ id: 'b', kind: 'booking', label: 'Booking' });
      await vi.waitFor(() => expect(heardThere).toHaveLength(1));
      await vi.waitFor(() => expect(heardHere).toHaveLength(2));
      expect(heardThere).toEqual([{ id: 'a', kind: 'work', label: 'Hours' }]);
      expect(heardHere).toEqual([
        { id: 'a', kind: 'work', label: 'Hours' },
        { id: 'b', kind: 'booking', label: 'Booking' },
      ]);
    } finally {
      off();
      other.close();
    }
  });
});
