// The outbox's interface as features use it (defineKind → enqueue/submit, useQueued, onSent) and its
// state machine: one state list, ordering of items queued together, per-person visibility, a lost
// IndexedDB connection, durable storage, and offline copies removed when a session ends.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { db } from '@/lib/db';
import { api, ApiError } from '@/lib/api';
import { customerSession, employeeSession } from '@/lib/session';
import { defineKind } from '@/lib/outbox/kinds';
import { enqueue } from '@/lib/outbox/store';
import { submit } from '@/lib/outbox/submit';
import { replayOutbox } from '@/lib/outbox/replay';
import { onSent, type SentNotice } from '@/lib/outbox/events';
import { useQueued } from '@/lib/outbox/useQueued';
import { useOutboxCount } from '@/lib/outbox/useOutboxCount';
import { afterAttempt, OUTBOX_STATES, UNSENT_STATES, WAITING_STATES, waitsFor } from '@/lib/outbox/state';
import { storageProblem } from '@/lib/outbox/problem';
import { clearCopiesWhenSessionsEnd } from '@/lib/offline-data';
import { scriptFetch } from './outbox-helpers';

const work = defineKind({
  kind: 'work',
  auth: 'employee',
  label: (i: { bookingId: string; hours: number; }) => `Work for ${i.bookingId}`,
  request: (i) => ({ path: `/api/employee/bookings/${i.bookingId}/submit-work`, json: { work_hours: i.hours } }),
  meta: (i) => ({ bookingId: i.bookingId }),
  invalidates: [['employee', 'my-bookings']],
});
const profile = defineKind({
  kind: 'profile',
  auth: 'customer',
  label: () => 'Phone and address',
  request: (json: { phone: string; }) => ({ method: 'PUT', path: '/api/user/profile', json }),
  meta: () => ({}),
  invalidates: [['user', 'profile']],
});
const booking = defineKind({
  kind: 'booking',
  auth: 'customer',
  label: (b: { postcode: string; }) => `Booking for ${b.postcode}`,
  request: (json) => ({ path: '/api/user/bookings', json }),
  meta: (b) => ({ postcode: b.postcode, cleaningType: 'Deep', propertyType: 'Flat', bestDays: 'Mon' }),
  invalidates: [
    ['user', 'bookings'],
    ['user', 'dashboard'],
  ],
});

const jwt = (sub: string) => `h.${btoa(JSON.stringify({ sub }))}.s`;
const ann = { id: 'ann', email: 'ann@example.com', name: 'Ann', role: 'user' } as never;
const bob = { id: 'bob', email: 'bob@example.com', name: 'Bob', role: 'user' } as never;

beforeEach(async () => {
  await db.outbox.clear();
  await db.leases.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  customerSession.clear();
  employeeSession.clear();
});

describe('state machine', () => {
  it('defines every state once; waiting ⊂ unsent; sent is neither', () => {
    expect(new Set(OUTBOX_STATES).size).toBe(OUTBOX_STATES.length);
    expect(WAITING_STATES.every((s) => UNSENT_STATES.includes(s))).toBe(true);
    expect(UNSENT_STATES).not.toContain('sent');
    expect(UNSENT_STATES).toContain('failed');
    expect(WAITING_STATES).not.toContain('failed');
  });

  it('records whether the server answered, and an item queued after another waits only until then', () => {
    const network = afterAttempt({ attempts: 1 }, { type: 'network', message: 'down' }, 0);
    expect(network).toMatchObject({ state: 'queued', reachedServer: false });
    expect(waitsFor(network)).toBe(true);
    const busy = afterAttempt({ attempts: 1 }, { type: 'http', status: 503, message: 'busy' }, 0);
    expect(busy).toMatchObject({ state: 'queued', reachedServer: true });
    expect(waitsFor(busy)).toBe(false);
    expect(waitsFor({ state: 'failed' })).toBe(false);
    expect(waitsFor({ state: 'sending' })).toBe(true);
    expect(waitsFor({ state: 'needs-sign-in' })).toBe(false); // the next item meets the sign-in itself
    expect(waitsFor(undefined)).toBe(false);
  });
});

describe('enqueue, useQueued, onSent', () => {
  it('stores what the kind declares and lists it, by metadata, only for its owner', async () => {
    employeeSession.save(jwt('emp-1'));
    const item = await enqueue(work, { bookingId: 'b1', hours: 2 });
    await enqueue(work, { bookingId: 'b2', hours: 3 });
    expect(item).toMatchObject({
      kind: 'work',
      label: 'Work for b1',
      path: '/api/employee/bookings/b1/submit-work',
      json: { work_hours: 2 },
      meta: { bookingId: 'b1' },
      invalidates: [['employee', 'my-bookings']],
      owner: 'emp-1',
      audience: 'employee:emp-1',
      state: 'queued',
    });

    const { result } = renderHook(() => useQueued('work', { bookingId: 'b1' }));
    await waitFor(() => expect(result.current.map((i) => i.meta.bookingId)).toEqual(['b1']));
    // Another employee signs in on this device: none of the first one's items.
    act(() => employeeSession.save(jwt('emp-2')));
    await waitFor(() => expect(result.current).toEqual([]));
    act(() => employeeSession.save(jwt('emp-1')));
    await waitFor(() => expect(result.current).toHaveLength(1));
  });

  it("counts only the signed-in person's items, and public forms for anyone", async () => {
    localStorage.setItem('sc-outbox-pending', '1');
    customerSession.save('t-ann', ann);
    await enqueue(booking, { postcode: 'AA1' });
    await enqueue(
      defineKind({ kind: 'contact', auth: 'none', label: () => 'Hi', request: () => ({ path: '/api/contact', json: {} }), meta: () => ({}), invalidates: [] }),
      {},
    );
    const { result } = renderHook(() => useOutboxCount());
    await waitFor(() => expect(result.current).toBe(2));
    act(() => customerSession.save('t-bob', bob));
    await waitFor(() => expect(result.current).toBe(1));
    act(() => customerSession.clear());
    await waitFor(() => expect(result.current).toBe(1));
  });

  it('tells onSent listeners of the kind, with its metadata and query keys, once the server has it', async () => {
    customerSession.save('t-ann', ann);
    scriptFetch(() => ({ status: 201, body: { success: true, bookingId: 'srv-1' } }));
    const heard: SentNotice[] = [];
    const other: SentNotice[] = [];
    const off = onSent('booking', (n) => heard.push(n));
    const offOther = onSent('work', (n) => other.push(n));
    const out = await submit(booking, { postcode: 'ZZ9' });
    off();
    offOther();
    expect(out).toEqual({ status: 'sent', body: { success: true, bookingId: 'srv-1' } });
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({
      kind: 'booking',
      meta: { postcode: 'ZZ9' },
      invalidates: [['user', 'bookings'], ['user', 'dashboard']],
      response: { bookingId: 'srv-1' },
    });
    expect(heard[0]).not.toHaveProperty('json');
    expect(other).toEqual([]);
  });
});

describe('items queued together', () => {
  it('the second waits while the first has not reached the server, then both go, first first', async () => {
    customerSession.save('t-ann', ann);
    const first = await enqueue(profile, { phone: '1' });
    const second = await enqueue(booking, { postcode: 'AB1' }, { after: first.id });
    let f = scriptFetch(() => 'network');
    await replayOutbox({ force: true });
    expect(f.seen.map((s) => s.url)).toEqual(['/api/user/profile']); // the booking was not even tried
    f = scriptFetch(() => ({ status: 200, body: { success: true } }));
    await replayOutbox({ force: true });
    expect(f.seen.map((s) => s.url)).toEqual(['/api/user/profile', '/api/user/bookings']);
    expect((await db.outbox.get(second.id))?.state).toBe('sent');
  });

  it('both waiting for their owner to sign in again: both go, first first, in one replay', async () => {
    customerSession.save('t-ann', ann);
    const first = await enqueue(profile, { phone: '2' });
    const second = await enqueue(booking, { postcode: 'AB3' }, { after: first.id });
    customerSession.save('t-bob', bob);
    let f = scriptFetch(() => ({ status: 200, body: { success: true } }));
    await replayOutbox({ force: true });
    expect(f.seen).toEqual([]); // never under Bob's session
    expect((await db.outbox.get(second.id))?.state).toBe('needs-sign-in');
    customerSession.save('t-ann-2', ann);
    f = scriptFetch(() => ({ status: 200, body: { success: true } }));
    await replayOutbox();
    expect(f.seen.map((s) => s.url)).toEqual(['/api/user/profile', '/api/user/bookings']);
    expect((await db.outbox.get(second.id))?.state).toBe('sent');
  });

  it("the first one's refusal never holds the second back", async () => {
    customerSession.save('t-ann', ann);
    const first = await enqueue(profile, { phone: 'bad' });
    const second = await enqueue(booking, { postcode: 'AB2' }, { after: first.id });
    const f = scriptFetch((
      s,
    ) => (s.url === '/api/user/profile' ? { status: 400, body: { message: 'Phone is not valid' } } : { status: 201, body: { success: true } }));
    await replayOutbox({ force: true });
    expect(f.seen.map((s) => s.url)).toEqual(['/api/user/profile', '/api/user/bookings']);
    expect((await db.outbox.get(first.id))?.state).toBe('failed');
    expect((await db.outbox.get(second.id))?.state).toBe('sent');
  });
});

describe('a lost IndexedDB connection', () => {
  it('closed behind the app during a send: reopened, the answer recorded, the request sent once', async () => {
    customerSession.save('t-ann', ann);
    const item = await enqueue(booking, { postcode: 'CL1' });
    const f = scriptFetch(() => {
      db.close(); // as WebKit does to a backgrounded app; Dexie would refuse every later call
      return { status: 201, body: { success: true } };
    });
    await replayOutbox({ force: true });
    expect(f.seen).toHaveLength(1);
    expect(db.isOpen()).toBe(true);
    expect((await db.outbox.get(item.id))?.state).toBe('sent');
    expect(storageProblem()).toBeNull();
  });

  it('says so (storageProblem) when a reopen does not help, and does not pretend it was queued', async () => {
    customerSession.save('t-ann', ann);
    const spy = vi.spyOn(db, 'open').mockRejectedValue(Object.assign(new Error('Connection to Indexed Database server lost'), { name: 'UnknownError' }));
    db.close();
    try {
      await expect(enqueue(booking, { postcode: 'XX1' })).rejects.toThrow();
      expect(storageProblem()).toMatch(/lost/);
    } finally {
      spy.mockRestore();
      await db.open();
    }
    await enqueue(booking, { postcode: 'OK1' });
    expect(storageProblem()).toBeNull();
  });
});

describe('durable storage and shared devices', () => {
  it('asks navigator.storage.persist() when an item is queued', async () => {
    const persist = vi.fn(async () => true);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { storage: { persisted: async () => false, persist } }));
    customerSession.save('t-ann', ann);
    await enqueue(booking, { postcode: 'PS1' });
    await waitFor(() => expect(persist).toHaveBeenCalledTimes(1));
  });

  it("an employee's 401 removes the offline copy of their bookings (customer details)", async () => {
    employeeSession.save(jwt('emp-1'));
    await db.employeeBookings.put({ id: 'emp-1:b1', owner: 'emp-1', data: { customer_phone: '0770' }, savedAt: 1 });
    await db.myBookings.put({ id: 'ann:b1', owner: 'ann', data: {}, savedAt: 1 });
    const stop = clearCopiesWhenSessionsEnd();
    scriptFetch(() => ({ status: 401, body: { message: 'Session expired' } }));
    await expect(api('/api/employee/my-bookings', { auth: 'employee' })).rejects.toBeInstanceOf(ApiError);
    await waitFor(async () => expect(await db.employeeBookings.count()).toBe(0));
    expect(await db.myBookings.count()).toBe(1); // the customer side's session did not end
    stop();
  });
});
