// Cursor registry unit tests: batching by count and by bytes, getMore to exhaustion, idle expiry.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Cursors } from '../../api/engine/cursors';

afterEach(() => {
  vi.useRealTimers();
});

describe('cursors', () => {
  it('serves a result in batches and closes when exhausted', () => {
    const cursors = new Cursors();
    const docs = Array.from({ length: 250 }, (_, i) => ({ i }));
    const first = cursors.start('db.c', docs, 100, false);
    expect(first.batch).toHaveLength(100);
    expect(first.id.isZero()).toBe(false);
    const second = cursors.next(first.id, 100)!;
    expect(second.batch[0]).toEqual({ i: 100 });
    const third = cursors.next(first.id, 100)!;
    expect(third.batch).toHaveLength(50);
    expect(third.id.isZero()).toBe(true);
    expect(cursors.next(first.id, 100)).toBeUndefined();
    cursors.close();
  });

  it('keeps each batch under the reply size limit', () => {
    const cursors = new Cursors();
    const big = 'z'.repeat(1024 * 1024);
    const docs = Array.from({ length: 40 }, (_, i) => ({ i, big }));
    const first = cursors.start('db.c', docs, 0, false);
    expect(first.batch.length).toBeLessThan(16);
    expect(first.batch.length).toBeGreaterThan(0);
    let total = first.batch.length;
    for (let r = cursors.next(first.id, 0); r; r = r.id.isZero() ? undefined : cursors.next(first.id, 0)) total += r.batch.length;
    expect(total).toBe(40);
    cursors.close();
  });

  it('expires idle cursors', () => {
    vi.useFakeTimers();
    const cursors = new Cursors();
    const first = cursors.start('db.c', Array.from({ length: 10 }, (_, i) => ({ i })), 2, false);
    vi.advanceTimersByTime(11 * 60_000);
    expect(cursors.next(first.id, 2)).toBeUndefined();
    cursors.close();
  });
});
