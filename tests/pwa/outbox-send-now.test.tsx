// "Send now" on the Waiting to send page: one replay pass at once, ignoring the backoff that would
// otherwise hold an item back (a connection that came back without the browser noticing).
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OUTBOX_TEXT } from '@shared/messages';
import { db } from '@/lib/db';
import { submitRequest } from '@/lib/outbox/submit';
import { replayOutbox } from '@/lib/outbox/replay';
import OutboxPage from '@/features/outbox/OutboxPage';
import { mockFetch, renderAt } from './customer-render';

const contact = {
  kind: 'contact' as const,
  label: 'Message to the office',
  path: '/api/contact',
  auth: 'none' as const,
  json: { name: 'Ann', email: 'ann@example.com', message: 'hello' },
};

beforeEach(async () => {
  await db.outbox.clear();
  await db.leases.clear();
});
afterEach(() => vi.unstubAllGlobals());

it('sends an item held back by its backoff at once, with its own key, and the page shows it sent', async () => {
  let up = false;
  const calls = mockFetch((
    call,
  ) => (call.path === '/api/contact' && up
    ? { status: 201, body: { success: true, message: 'Thanks' } }
    : call.path === '/api/contact'
    ? 'network'
    : { status: 200, body: { success: true } })
  );
  const first = await submitRequest(contact);
  expect(first.status).toBe('queued');
  const item = await db.outbox.get((first as { id: string; }).id);
  expect(item!.nextAttemptAt).toBeGreaterThan(Date.now());

  up = true;
  // An ordinary replay pass respects the backoff: nothing is sent yet.
  await replayOutbox();
  expect(calls.filter((c) => c.path === '/api/contact')).toHaveLength(1);

  renderAt(<OutboxPage />, '/outbox');
  await screen.findByText('Message to the office');
  await userEvent.click(screen.getByRole('button', { name: OUTBOX_TEXT.sendNow }));
  // Sent: kept briefly as 'sent' (with the server's answer) until the next purge, never sent again.
  await waitFor(async () => expect((await db.outbox.toArray()).map((i) => i.state)).toEqual(['sent']));
  const posts = calls.filter((c) => c.path === '/api/contact');
  expect(posts).toHaveLength(2);
  expect(posts[1].headers['Idempotency-Key']).toBe(posts[0].headers['Idempotency-Key']);
  // The card now says when it was sent, and with nothing waiting there is no Send now any more.
  expect((await screen.findAllByText(OUTBOX_TEXT.sentAt)).length).toBeGreaterThan(0);
  await waitFor(() => expect(screen.queryByRole('button', { name: OUTBOX_TEXT.sendNow })).toBeNull());
});

it('says in customers\' words where an item stands: no attempt counts, no "Network error", the profile item by its name', async () => {
  mockFetch((call) => (call.path === '/api/contact' ? 'network' : { status: 200, body: { success: true } }));
  vi.stubGlobal(
    'navigator',
    Object.create(navigator, { onLine: { value: false }, storage: { value: { persisted: async () => true, persist: async () => true } } }),
  );
  await submitRequest(contact);
  // An item an older version stored under the profile kind's former label.
  await db.outbox.add({
    id: 'old-profile',
    seq: 99,
    kind: 'profile',
    label: 'Phone and address for your profile',
    method: 'PUT',
    path: '/api/user/profile',
    auth: 'none',
    audience: 'anyone',
    json: {},
    state: 'failed',
    attempts: 1,
    nextAttemptAt: 0,
    createdAt: Date.now(),
    lastError: 'Phone number is not valid',
  });
  renderAt(<OutboxPage />, '/outbox');
  await screen.findByText('Message to the office');
  expect(await screen.findByText(OUTBOX_TEXT.notSentOffline)).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Your phone and address' })).toBeTruthy();
  expect(screen.getByText(`${OUTBOX_TEXT.refused} Phone number is not valid`)).toBeTruthy();
  expect(screen.queryByText(/Attempts|Network error|Phone and address for your profile/)).toBeNull();
  // Storage the browser promised to keep: no storage notice at all.
  expect(document.querySelector('.outbox-page__storage')).toBeNull();
});

it('warns about storage only when the browser refused to keep it and something is waiting', async () => {
  mockFetch(() => 'network');
  vi.stubGlobal(
    'navigator',
    Object.create(navigator, { onLine: { value: false }, storage: { value: { persisted: async () => false, persist: async () => false } } }),
  );
  const { unmount } = renderAt(<OutboxPage />, '/outbox');
  await screen.findByText(OUTBOX_TEXT.empty);
  expect(document.querySelector('.outbox-page__storage')).toBeNull();
  unmount();
  await submitRequest(contact);
  renderAt(<OutboxPage />, '/outbox');
  await screen.findByText('Message to the office');
  expect(await screen.findByText(OUTBOX_TEXT.storageNotPersistent)).toBeTruthy();
});
