// The header/sidebar badge count: unsent items only, optionally of some kinds, live.
import { beforeEach, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { db, type OutboxItem } from '@/lib/db';
import { useOutboxCount } from '@/lib/outbox/useOutboxCount';
import { markOutboxMaybeNonEmpty } from '@/lib/outbox/hint';

const row = (seq: number, kind: OutboxItem['kind'], state: OutboxItem['state']): OutboxItem => ({
  id: `i${seq}`,
  seq,
  kind,
  state,
  label: 'x',
  method: 'POST',
  path: '/api/x',
  auth: 'none',
  audience: 'anyone',
  attempts: 0,
  nextAttemptAt: 0,
  createdAt: 0,
});

beforeEach(() => db.outbox.clear());

it('counts queued, sending, failed and needs-sign-in items, not sent ones, and follows changes', async () => {
  await db.outbox.bulkAdd([
    row(1, 'booking', 'queued'),
    row(2, 'work', 'failed'),
    row(3, 'contact', 'sent'),
    row(4, 'work', 'needs-sign-in'),
    row(5, 'career', 'sending'),
  ]);
  const all = renderHook(() => useOutboxCount());
  const work = renderHook(() => useOutboxCount(['work']));
  // Nothing was ever queued through the outbox on this device (no hint): the badge doesn't even look.
  await new Promise((r) => setTimeout(r, 100));
  expect(all.result.current).toBe(0);
  markOutboxMaybeNonEmpty(); // what every enqueue does
  await waitFor(() => expect(all.result.current).toBe(4));
  await waitFor(() => expect(work.result.current).toBe(2));
  await db.outbox.update('i2', { state: 'sent' });
  await waitFor(() => expect(work.result.current).toBe(1));
  await waitFor(() => expect(all.result.current).toBe(3));
});
