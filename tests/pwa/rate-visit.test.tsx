// My Bookings' "Rate this clean": a finished visit offers it, opening the same stars-and-
// comment form as the e-mailed link; the rating goes once with its Idempotency-Key through the plan
// outbox (kept to send when offline), and the visit then says "You rated this clean: 4/5".
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import OrdersPage from '@/features/orders/OrdersPage';
import { db } from '@/lib/db';
import { RATING_MSG } from '@shared/messages-ratings';
import { PLAN_MSG } from '@shared/messages-plans';
import { REMINDER_MSG } from '@shared/messages-reminders';
import { londonIso } from '@shared/visits';
import { formatWhen } from '@shared/when';
import type { Booking } from '@shared/schemas/bookings';
import type { VisitDto } from '@shared/schemas/visits';
import { renderAt, serveOrders, signInAs } from './customer-render';

vi.setConfig({ testTimeout: 20_000 });

const HOUR = 3_600_000;
const booking = {
  id: 'b1',
  reference: 'SC-RATE1',
  status: 'accepted',
  propertyType: 'Flat',
  cleaningType: 'Standard',
  frequency: 'Weekly',
  postcode: 'SW1A2AA',
  bestDays: '2099-01-01T09:00',
  created_at: '2026-11-01T09:00:00.000Z',
} as unknown as Booking;
// Cleaned earlier today; the next one a week on.
const done: VisitDto = {
  id: 'v0',
  booking_id: 'b1',
  reference: 'SC-RATE1',
  start: londonIso(Date.now() - 3 * HOUR),
  state: 'completed',
  cleaner_first_name: 'Cleo',
};
const next: VisitDto = { ...done, id: 'v1', start: londonIso(Date.now() + 7 * 24 * HOUR), state: 'scheduled' };
const plan = {
  frequency: 'weekly',
  days: [2],
  time: '09:00',
  state: 'active',
  paused_from: null,
  paused_until: null,
  ends_on: null,
  cleaner_first_name: 'Cleo',
  access_notes: '',
};
const doneWhen = formatWhen(Date.parse(done.start));

const serve = (visits: VisitDto[], extra?: Parameters<typeof serveOrders>[2]) => serveOrders(booking, { plan, visits, change_cutoff: '18:00' }, extra);

beforeEach(async () => {
  await db.outbox.clear();
  await db.myBookings.clear();
  signInAs();
});
afterEach(() => vi.unstubAllGlobals());

const row = async () => (await screen.findByText(doneWhen, {}, { timeout: 8000 })).closest('li') as HTMLElement;

describe('rating a finished visit in My Bookings', () => {
  it('Rate this clean opens the stars form; the rating goes once with its key; the visit then says what was given', async () => {
    const user = userEvent.setup();
    let rated = false;
    const calls = serve([done, next], (c) => {
      if (c.method === 'POST' && c.path === '/api/user/visits/v0/rating') {
        rated = true;
        return { status: 201, body: { success: true, message: REMINDER_MSG.rated } };
      }
      // Once the server has it, the refetched plan carries the stars.
      if (rated && c.path === '/api/user/bookings/b1') {
        return { status: 200, body: { success: true, booking, plan, visits: [{ ...done, my_rating: 4 }, next], change_cutoff: '18:00' } };
      }
      return null;
    });
    renderAt(<OrdersPage />, '/orders');
    const li = await row();
    // Only the finished visit offers it.
    expect(within(li).getByText(PLAN_MSG.visitState.completed)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Rate this clean/ })).toHaveLength(1);
    await user.click(within(li).getByRole('button', { name: RATING_MSG.rateLabel(doneWhen) }));
    const dialog = screen.getByRole('dialog', { name: RATING_MSG.rateDialogTitle });
    expect(within(dialog).getByText(REMINDER_MSG.linkVisit(doneWhen, 'Cleo', ''))).toBeTruthy();
    // No stars chosen: said, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: REMINDER_MSG.rateButton }));
    expect(within(dialog).getByRole('alert').textContent).toBe(REMINDER_MSG.rateChoose);
    expect(calls.filter((x) => x.path.endsWith('/rating'))).toHaveLength(0);

    await user.click(within(dialog).getByLabelText(REMINDER_MSG.rateStar(4)));
    await user.type(within(dialog).getByLabelText(REMINDER_MSG.rateComment), '  Spotless, thank you  ');
    await user.click(within(dialog).getByRole('button', { name: REMINDER_MSG.rateButton }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await within(li.closest('article') as HTMLElement).findByText(REMINDER_MSG.rated);
    expect(within(await row()).getByText(RATING_MSG.rated(4))).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Rate this clean/ })).toBeNull();
    const sent = calls.filter((x) => x.path === '/api/user/visits/v0/rating');
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ stars: 4, comment: 'Spotless, thank you' });
    expect(sent[0].headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a visit already rated says so and offers no second rating', async () => {
    serve([{ ...done, my_rating: 5 }, next]);
    renderAt(<OrdersPage />, '/orders');
    const li = await row();
    expect(within(li).getByText(RATING_MSG.rated(5))).toBeTruthy();
    expect(within(li).queryByRole('button')).toBeNull();
  });

  it('offline: the rating is kept in the outbox and shown as waiting to send', async () => {
    const user = userEvent.setup();
    serve([done, next], (c) => (c.method === 'POST' ? 'network' : null));
    renderAt(<OrdersPage />, '/orders');
    await user.click(within(await row()).getByRole('button', { name: RATING_MSG.rateLabel(doneWhen) }));
    const dialog = screen.getByRole('dialog', { name: RATING_MSG.rateDialogTitle });
    await user.click(within(dialog).getByLabelText(REMINDER_MSG.rateStar(3)));
    await user.click(within(dialog).getByRole('button', { name: REMINDER_MSG.rateButton }));
    await waitFor(async () => expect((await db.outbox.toArray())[0]?.state).toBe('queued'));
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({
      kind: 'plan',
      method: 'POST',
      path: '/api/user/visits/v0/rating',
      json: { stars: 3 },
      meta: { bookingId: 'b1', visitId: 'v0', action: 'rate' },
    });
    const li = await row();
    await within(li).findByText(PLAN_MSG.waiting);
    expect(within(li).queryByRole('button', { name: /^Rate this clean/ })).toBeNull();
    expect(screen.getByText(RATING_MSG.queuedRating(doneWhen, 3), { exact: false })).toBeTruthy();
  });
});
