// My Bookings' plan card: the plan and its next visits, Skip until the cut-off (the shared rule, here
// with the server's cut-off time), how to reach the office after it, a change sent with its
// Idempotency-Key, a change refused when finally sent shown in customers' words, and the access notes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import OrdersPage from '@/features/orders/OrdersPage';
import { db } from '@/lib/db';
import { enqueueRequest, requestOf } from '@/lib/outbox/store';
import { planKind } from '@/features/orders/plans-api';
import { PLAN_MSG } from '@shared/messages-plans';
import { RATING_MSG } from '@shared/messages-ratings';
import { londonIso } from '@shared/visits';
import { formatWhen } from '@shared/when';
import type { Booking } from '@shared/schemas/bookings';
import type { VisitDto } from '@shared/schemas/visits';
import { renderAt, serveOrders, signInAs } from './customer-render';

vi.setConfig({ testTimeout: 20_000 });

const HOUR = 3_600_000;
const booking = {
  id: 'b1',
  reference: 'SC-PLAN1',
  status: 'accepted',
  propertyType: 'Flat',
  cleaningType: 'Standard',
  frequency: 'Weekly',
  postcode: 'SW1A2AA',
  bestDays: '2099-01-01T09:00',
  created_at: '2026-11-01T09:00:00.000Z',
} as unknown as Booking;
// Two hours from now: its cut-off (18:00 the day before) has passed. Five days on: still open.
const soon: VisitDto = {
  id: 'v1',
  booking_id: 'b1',
  reference: 'SC-PLAN1',
  start: londonIso(Date.now() + 2 * HOUR),
  state: 'scheduled',
  cleaner_first_name: 'Cleo',
};
const later: VisitDto = { ...soon, id: 'v2', start: londonIso(Date.now() + 5 * 24 * HOUR) };
const plan = {
  frequency: 'weekly',
  days: [2],
  time: '09:00',
  state: 'active',
  paused_from: null,
  paused_until: null,
  ends_on: null,
  cleaner_first_name: 'Cleo',
  access_notes: 'Key under the mat',
};

const serve = (extra?: Parameters<typeof serveOrders>[2]) => serveOrders(booking, { plan, visits: [soon, later], change_cutoff: '18:00' }, extra);

beforeEach(async () => {
  await db.outbox.clear();
  await db.myBookings.clear();
  signInAs();
});
afterEach(() => vi.unstubAllGlobals());

const card = async () => (await screen.findByRole('heading', { name: PLAN_MSG.nextVisits }, { timeout: 8000 })).closest('article') as HTMLElement;

describe('a plan in My Bookings', () => {
  it('shows the plan; a visit past its cut-off says to contact the office; Skip goes once with its key', async () => {
    const user = userEvent.setup();
    const calls = serve((
      c,
    ) => (c.method === 'POST' && c.path === '/api/user/visits/v2/skip' ? { status: 200, body: { success: true, message: 'Visit skipped.' } } : null));
    renderAt(<OrdersPage />, '/orders');
    const c = await card();
    expect(within(c).getByText(/Weekly, Tuesdays at 09:00/)).toBeTruthy();
    expect(within(c).getByText('Cleo')).toBeTruthy();
    expect(within(c).getByText('Active')).toBeTruthy();
    const [closed, open] = within(c).getAllByRole('listitem');
    expect(within(closed).getByText(PLAN_MSG.closed)).toBeTruthy();
    expect(within(closed).queryByRole('button')).toBeNull();
    expect(within(c).getByText(PLAN_MSG.contactOfficeAt('18:00'), { exact: false })).toBeTruthy();
    expect(within(c).getByRole('link', { name: '020 7946 0321' }).getAttribute('href')).toBe('tel:02079460321');

    await user.click(within(open).getByRole('button', { name: `Skip ${formatWhen(Date.parse(later.start))}` }));
    const dialog = screen.getByRole('dialog', { name: PLAN_MSG.skipTitle });
    await user.click(within(dialog).getByRole('button', { name: PLAN_MSG.skip }));
    await within(c).findByText('Visit skipped.');
    const sent = calls.filter((x) => x.path === '/api/user/visits/v2/skip');
    expect(sent).toHaveLength(1);
    expect(sent[0].headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a change refused when it was finally sent is shown in plain words until dismissed', async () => {
    const user = userEvent.setup();
    serve();
    const item = await enqueueRequest(requestOf(planKind, { action: 'skip', bookingId: 'b1', visit: later, when: 'Tue 1 Dec, 09:00' }));
    await db.outbox.update(item.id, { state: 'failed', lastError: 'This visit can no longer be changed online. Please contact the office: 020 7946 0321.' });
    renderAt(<OrdersPage />, '/orders');
    const c = await card();
    const alert = await within(c).findByRole('alert');
    expect(alert.textContent).toContain(`${PLAN_MSG.refused}: Skip the visit on Tue 1 Dec, 09:00`);
    expect(alert.textContent).toContain('can no longer be changed online');
    await user.click(within(alert).getByRole('button', { name: PLAN_MSG.dismiss }));
    await waitFor(() => expect(within(c).queryByRole('alert')).toBeNull());
    expect(await db.outbox.count()).toBe(0);
  });

  it('offline: a pause is kept in the outbox and shown as waiting to send; a move into the past is refused on the phone', async () => {
    const user = userEvent.setup();
    const calls = serve((x) => (x.method === 'POST' ? 'network' : null));
    renderAt(<OrdersPage />, '/orders');
    const c = await card();
    await user.click(within(c).getByRole('button', { name: /^Pause$/ }));
    let dialog = screen.getByRole('dialog', { name: PLAN_MSG.pauseTitle });
    await user.click(within(dialog).getByRole('button', { name: PLAN_MSG.pause }));
    await within(c).findByText(/Pause from .* until/);
    await waitFor(async () => expect((await db.outbox.toArray())[0]?.state).toBe('queued'));
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'plan', method: 'POST', path: '/api/user/bookings/b1/pause', meta: { bookingId: 'b1', action: 'pause' } });
    expect(calls.filter((x) => x.path === '/api/user/bookings/b1/pause')).toHaveLength(1);

    const [, open] = within(c).getAllByRole('listitem');
    await user.click(within(open).getByRole('button', { name: /^Move / }));
    dialog = screen.getByRole('dialog', { name: PLAN_MSG.moveTitle });
    const date = within(dialog).getByLabelText(PLAN_MSG.moveTo);
    await user.clear(date);
    await user.type(date, '2020-01-06');
    await user.click(within(dialog).getByRole('button', { name: PLAN_MSG.move }));
    expect(within(dialog).getByText(PLAN_MSG.notInPast)).toBeTruthy();
    expect(calls.filter((x) => x.path.endsWith('/move'))).toHaveLength(0);
  });

  it('past visits: newest first with their state, this plan only; Load more asks for the four weeks before', async () => {
    const user = userEvent.setup();
    const past = (id: string, daysAgo: number, state: string, bookingId = 'b1') => ({
      ...soon,
      id,
      booking_id: bookingId,
      start: londonIso(Date.now() - daysAgo * 24 * HOUR),
      state,
    });
    const calls = serve((x) =>
      x.path === '/api/user/visits'
        ? {
          status: 200,
          body: {
            success: true,
            visits: [past('p1', 14, 'completed'), past('x1', 10, 'completed', 'other'), past('p2', 7, 'skipped')],
            page: 1,
            limit: 100,
            total: 3,
            pages: 1,
          },
        }
        : null
    );
    renderAt(<OrdersPage />, '/orders');
    const c = await card();
    await user.click(within(c).getByRole('button', { name: PLAN_MSG.showPast }));
    const region = (await within(c).findByText(PLAN_MSG.visitState.skipped)).closest('ul') as HTMLElement;
    expect(within(region).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `${formatWhen(Date.parse(past('p2', 7, '').start))}${PLAN_MSG.visitState.skipped}`,
      // A finished visit can be rated from here (tests/pwa/rate-visit.test.tsx).
      `${formatWhen(Date.parse(past('p1', 14, '').start))}${PLAN_MSG.visitState.completed}${RATING_MSG.rateThisClean}`,
    ]);
    const first = calls.find((x) => x.path === '/api/user/visits')!;
    expect(first.query.limit).toBe('100');
    await user.click(within(c).getByRole('button', { name: PLAN_MSG.loadMorePast }));
    await waitFor(() => expect(calls.filter((x) => x.path === '/api/user/visits')).toHaveLength(2));
    const second = calls.filter((x) => x.path === '/api/user/visits')[1];
    expect(second.query.to < first.query.from).toBe(true);
  });

  it('access notes: shown as saved, sent (PUT) with the trimmed text', async () => {
    const user = userEvent.setup();
    const calls = serve((
      x,
    ) => (x.method === 'PUT' && x.path === '/api/user/bookings/b1/access-notes'
      ? { status: 200, body: { success: true, access_notes: 'Gate code 1234' } }
      : null)
    );
    renderAt(<OrdersPage />, '/orders');
    const c = await card();
    const notes = within(c).getByLabelText(PLAN_MSG.notesLabel) as HTMLTextAreaElement;
    expect(notes.value).toBe('Key under the mat');
    await user.clear(notes);
    await user.type(notes, '  Gate code 1234  ');
    await user.click(within(c).getByRole('button', { name: PLAN_MSG.notesSave }));
    await within(c).findByText(PLAN_MSG.accessNotesSaved);
    expect(calls.find((x) => x.method === 'PUT')?.body).toEqual({ access_notes: 'Gate code 1234' });
  });
});
