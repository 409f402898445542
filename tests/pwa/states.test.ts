// The states vocabulary both halves run (shared/states.ts): what a booking is from its stored status and
// its plan, and that in words for the customer and for staff.
import { describe, expect, it } from 'vitest';
import { bookingStateOf, stateText } from '@shared/states';
import { londonWallTime } from '@shared/when';

const now = londonWallTime('2026-12-01', '10:00')!;

describe('bookingStateOf', () => {
  it('reads a request from its status and a plan from its plan', () => {
    expect(bookingStateOf('pending', null, '2026-12-01')).toBe('requested');
    expect(bookingStateOf('rejected', null, '2026-12-01')).toBe('declined');
    expect(bookingStateOf('withdrawn', null, '2026-12-01')).toBe('withdrawn');
    // An active plan whose first visit is done: the booking's status moved on, the plan is still active.
    expect(bookingStateOf('completed', { state: 'active' }, '2026-12-01')).toBe('active');
    expect(bookingStateOf('rejected', { state: 'ended' }, '2026-12-01')).toBe('ended');
    expect(bookingStateOf('cancelled', { state: 'ended' }, '2026-12-01')).toBe('cancelled');
  });
  it('a pause is over once its last day has passed', () => {
    expect(bookingStateOf('accepted', { state: 'paused', paused_until: '2026-12-05' }, '2026-12-01')).toBe('paused');
    expect(bookingStateOf('accepted', { state: 'paused', paused_until: '2026-11-30' }, '2026-12-01')).toBe('active');
  });
});

describe('stateText', () => {
  it('says each state in words, by you for the customer and by the customer for staff', () => {
    expect(stateText({ state: 'active', frequency: 'Weekly', next_visit: '2026-12-03' }, 'customer', now)).toBe('Weekly, active — next visit Thu 3 Dec');
    expect(
      stateText({ state: 'paused', frequency: 'Weekly', paused_from: '2026-12-07', paused_until: '2026-12-20', next_visit: '2026-12-03' }, 'customer', now),
    ).toBe(
      'Weekly, paused from Mon 7 Dec until Sun 20 Dec — next visit Thu 3 Dec',
    );
    expect(stateText({ state: 'ended', frequency: 'Weekly', ends_on: '2026-12-10', next_visit: '2026-12-03', by: 'customer' }, 'customer', now)).toBe(
      'Weekly, ending from Thu 10 Dec — next visit Thu 3 Dec',
    );
    expect(stateText({ state: 'ended', frequency: 'Weekly', by: 'customer', at: now }, 'staff', now)).toBe('Weekly, ended on Tue 1 Dec by the customer');
    expect(stateText({ state: 'ended', frequency: 'Weekly', by: 'office', at: now, reason: 'Moved away' }, 'customer', now)).toBe(
      'Weekly, ended on Tue 1 Dec by us: Moved away',
    );
    expect(stateText({ state: 'cancelled', frequency: 'Weekly', by: 'customer', at: now }, 'customer', now)).toBe(
      'Weekly, cancelled within 14 days by you on Tue 1 Dec',
    );
    expect(stateText({ state: 'withdrawn', frequency: 'Weekly', by: 'account', at: now }, 'staff', now)).toBe(
      'Weekly, withdrawn when the customer closed their account on Tue 1 Dec',
    );
    expect(stateText({ state: 'requested', frequency: 'Daily' }, 'customer', now)).toBe('Daily, requested — waiting for a cleaner');
    expect(stateText({ state: 'active', frequency: 'One-time clean', done: true }, 'customer', now)).toBe('One-time clean, done');
  });
});
