// My Bookings: cards, detail fields, Edit/Delete only while pending, edit joins
// date and time as 'days at HH:MM', update and delete notices, queued bookings, offline state.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import OrdersPage from '@/features/orders/OrdersPage';
import { db } from '@/lib/db';
import { enqueue } from '@/lib/outbox/store';
import { bookingKind } from '@/lib/bookings/submitBooking';
import { MSG } from '@shared/messages';
import { CUSTOMER_MSG } from '@shared/messages-customer';
import { PLAN_MSG } from '@shared/messages-plans';
import type { Booking } from '@shared/schemas/bookings';
import { mockFetch, renderAt, signInAs, testUser } from './customer-render';

// A loaded shared machine can take more than 5 s for a page's lazy load plus many keystrokes.
vi.setConfig({ testTimeout: 20_000 });

const booking = (id: string, status: Booking['status'], extra: Partial<Booking> = {}): Booking => ({
  id,
  reference: `SC-${id.slice(-5).toUpperCase().padStart(5, 'X')}`,
  scheduledAt: '2099-01-01T10:00:00.000Z',
  status,
  propertyType: 'House',
  frequency: 'Weekly',
  bedrooms: '3',
  bathrooms: '2',
  receptions: '1',
  cleaningType: status === 'pending' ? 'Deep' : 'Standard',
  hasCleaner: 'No, this is my first time',
  bestDays: '2099-01-01T10:00',
  supplies: 'Not sure yet',
  hiringLikelihood: 'Ready to book now',
  postcode: 'SW1A2AA',
  created_at: '2026-11-01T09:00:00.000Z',
  ...extra,
});

beforeEach(async () => {
  await db.outbox.clear();
  await db.myBookings.clear();
  signInAs();
});
afterEach(() => vi.unstubAllGlobals());

function serve(list: Booking[], overrides: (c: { method: string; path: string; }) => { status: number; body?: unknown; } | null = () => null) {
  return mockFetch((c) => {
    const o = overrides(c);
    if (o) return o;
    if (c.path === '/api/user/profile') return { status: 200, body: { user: testUser } };
    if (c.path === '/api/user/bookings' && c.method === 'GET') return { status: 200, body: { success: true, bookings: list } };
    return { status: 200, body: { success: true } };
  });
}

async function openDetails(user: ReturnType<typeof userEvent.setup>, title: RegExp) {
  await screen.findByRole('heading', { name: title }, { timeout: 5000 });
  // An accepted booking's card loads its plan first (PlanCard): click once it has settled.
  await waitFor(() => expect(screen.queryByText(PLAN_MSG.loading)).toBeNull());
  const card = screen.getByRole('heading', { name: title }).closest('article')!;
  await user.click(within(card as HTMLElement).getByRole('button', { name: 'View details' }));
  return screen.getByRole('dialog', { name: 'Booking Details' });
}

describe('My Bookings', () => {
  it('lists every field in View mode, and offers Edit and Delete only while pending (none left disabled)', async () => {
    const user = userEvent.setup();
    serve([booking('p1', 'pending'), booking('a1', 'accepted'), booking('c1', 'completed')]);
    renderAt(<OrdersPage />, '/orders');
    let dialog = await openDetails(user, /Deep clean/);
    // Plain labels: the wizard's questions in short, not the stored field names.
    for (
      const label of [
        'Reference',
        'When',
        'Postcode',
        'Property type',
        'How often',
        'Bedrooms',
        'Bathrooms',
        'Reception rooms',
        'Type of cleaning',
        'Had a cleaner before booking',
        'Cleaning supplies',
        'How soon you want to hire',
        'Booked on',
      ]
    ) {
      expect(within(dialog).getByText(label)).toBeTruthy();
    }
    // Its state, in words, at the top.
    expect(within(dialog).getByText('Requested')).toBeTruthy();
    for (const gone of ['Has Cleaner', 'Hiring Likelihood', 'Best Days', 'Your cleaner', 'Your current cleaner']) {
      expect(within(dialog).queryByText(gone)).toBeNull();
    }
    expect((within(dialog).getByRole('button', { name: 'Edit' }) as HTMLButtonElement).disabled).toBe(false);
    expect((within(dialog).getByRole('button', { name: 'Delete Booking' }) as HTMLButtonElement).disabled).toBe(false);
    await user.keyboard('{Escape}');
    const cards = screen.getAllByRole('heading', { name: /Standard clean/ });
    for (const h of cards) {
      await user.click(within(h.closest('article') as HTMLElement).getByRole('button', { name: 'View details' }));
      dialog = screen.getByRole('dialog', { name: 'Booking Details' });
      expect(within(dialog).queryByRole('button', { name: 'Edit' })).toBeNull();
      expect(within(dialog).queryByRole('button', { name: 'Delete Booking' })).toBeNull();
      expect(within(dialog).queryByText(/Only pending bookings/)).toBeNull();
      await user.keyboard('{Escape}');
    }
  });

  it("once accepted: the cleaner's first name and the full address, and no contradicting 'current cleaner' or leftover notice", async () => {
    const user = userEvent.setup();
    serve([booking('a2', 'accepted', { cleaner_first_name: 'Cara', address: '10 Downing Street' })]);
    renderAt(<OrdersPage />, '/orders');
    const dialog = await openDetails(user, /Standard clean/);
    expect(within(dialog).getByText('Your cleaner').nextElementSibling?.textContent).toBe('Cara');
    expect(within(dialog).getByText('Address').nextElementSibling?.textContent).toBe('10 Downing Street, SW1A 2AA');
    expect(within(dialog).queryByText(/Only pending bookings/)).toBeNull();
    expect(within(dialog).queryByText(/current cleaner|Had a cleaner before/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('a request the office declined reads "Declined" with its reason as the server words it, not "rejected"; how to reach the office', async () => {
    const user = userEvent.setup();
    const words = 'Weekly, declined by us on Sun 29 Nov: No cleaner covers this area';
    serve([booking('r1', 'rejected', { cancel_reason: 'No cleaner covers this area', state: 'declined', state_text: words })]);
    renderAt(<OrdersPage />, '/orders');
    const card = (await screen.findByRole('heading', { name: /Standard clean/ })).closest('article') as HTMLElement;
    expect(within(card).getByText('Declined').className).toContain('plan-state--declined');
    expect(within(card).getByText(words)).toBeTruthy();
    expect(within(card).queryByText(/rejected/i)).toBeNull();
    const dialog = await openDetails(user, /Standard clean/);
    expect(within(dialog).getByText(words)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: '020 7946 0321' }).getAttribute('href')).toBe('tel:02079460321');
    expect(within(dialog).getByRole('link', { name: 'hello@sparkleclean.co.uk' }).getAttribute('href')).toBe('mailto:hello@sparkleclean.co.uk');
  });

  it('shows a booking without a status as a request', async () => {
    serve([{ ...booking('x1', 'pending'), status: undefined as unknown as Booking['status'] }]);
    renderAt(<OrdersPage />, '/orders');
    const card = (await screen.findByRole('heading', { name: /Deep clean/ })).closest('article') as HTMLElement;
    expect(within(card).getByText('Requested')).toBeTruthy();
  });

  it("edits best days from the calendar and time as '<days> at HH:MM', then closes after the notice", async () => {
    const user = userEvent.setup();
    const calls = serve([booking('p1', 'pending')]);
    renderAt(<OrdersPage />, '/orders');
    const dialog = await openDetails(user, /Deep clean/);
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    // Supplies keeps the wizard's choices with the booking's answer chosen; the pickers start at the booked time.
    expect((within(dialog).getByRole('radio', { name: 'Not sure yet' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText(/Pick a date and time/) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText('Date') as HTMLInputElement).value).toBe('2099-01-01');
    expect((within(dialog).getByLabelText('Time') as HTMLInputElement).value).toBe('10:00');
    await user.clear(within(dialog).getByLabelText('Date'));
    await user.type(within(dialog).getByLabelText('Date'), '2099-02-03');
    await user.clear(within(dialog).getByLabelText('Time'));
    await user.type(within(dialog).getByLabelText('Time'), '14:30');
    expect(within(dialog).getByText('Will be saved as: Tue 3 Feb 2099, 14:30')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Postcode'));
    await user.type(within(dialog).getByLabelText('Postcode'), 'e1 6an');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(CUSTOMER_MSG.bookingUpdated)).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put).toMatchObject({ path: '/api/user/bookings/p1', body: { bestDays: '2099-02-03 at 14:30', postcode: 'E16AN' } });
    expect(put?.body).not.toHaveProperty('supplies');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 });
  }, 20_000);

  it('shows the update failure from the server, or the spec fallback', async () => {
    const user = userEvent.setup();
    serve([booking('p1', 'pending')], (c) => (c.method === 'PUT' ? { status: 500 } : null));
    renderAt(<OrdersPage />, '/orders');
    const dialog = await openDetails(user, /Deep clean/);
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.type(within(dialog).getByPlaceholderText(CUSTOMER_MSG.suppliesPlaceholder), 'Eco only please');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(CUSTOMER_MSG.updateBookingFailed)).toBeTruthy();
  });

  it('deletes after the confirmation with the quoted texts and shows the notice', async () => {
    const user = userEvent.setup();
    const calls = serve([booking('p1', 'pending')]);
    renderAt(<OrdersPage />, '/orders');
    const dialog = await openDetails(user, /Deep clean/);
    await user.click(within(dialog).getByRole('button', { name: 'Delete Booking' }));
    const confirm = screen.getByRole('dialog', { name: CUSTOMER_MSG.deleteBookingTitle });
    expect(within(confirm).getByText(CUSTOMER_MSG.deleteBookingQuestion)).toBeTruthy();
    expect(within(confirm).getByText(CUSTOMER_MSG.deleteBookingWarning)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete Booking' }));
    expect(await screen.findByText(CUSTOMER_MSG.bookingDeleted)).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/user/bookings/p1');
  });

  const bookingAnswers = { frequency: 'Weekly', bedrooms: '1', bathrooms: '1', receptions: '1', hasCleaner: 'No', supplies: 'Yes', hiringLikelihood: 'Now' };
  it('lists bookings still waiting in the outbox', async () => {
    await enqueue(bookingKind, {
      ...bookingAnswers,
      cleaningType: 'Move-out',
      propertyType: 'Flat or Apartment',
      postcode: 'N11AA',
      bestDays: '2099-03-01T09:00',
    });
    serve([]);
    renderAt(<OrdersPage />, '/orders');
    expect(await screen.findByText('Waiting to send')).toBeTruthy();
    expect(screen.getByText('N1 1AA')).toBeTruthy();
  });

  it('says the page needs the server when offline with nothing saved, and shows the fetch error otherwise', async () => {
    mockFetch((c) => (c.path === '/api/user/profile' ? { status: 200, body: { user: testUser } } : 'network'));
    const first = renderAt(<OrdersPage />, '/orders');
    expect(await screen.findByText(MSG.needsServer)).toBeTruthy();
    first.unmount();
    vi.unstubAllGlobals();
    mockFetch((c) => (c.path === '/api/user/profile' ? { status: 200, body: { user: testUser } } : { status: 500 }));
    renderAt(<OrdersPage />, '/orders');
    expect(await screen.findByText(MSG.fetchBookingsFailed)).toBeTruthy();
  });

  it('offline with a saved copy: shows the saved bookings', async () => {
    serve([booking('p1', 'pending')]);
    const first = renderAt(<OrdersPage />, '/orders');
    await screen.findByRole('heading', { name: /Deep clean/ });
    first.unmount();
    vi.unstubAllGlobals();
    mockFetch(() => 'network');
    renderAt(<OrdersPage />, '/orders');
    expect(await screen.findByRole('heading', { name: /Deep clean/ })).toBeTruthy();
    expect(screen.getByText(/You are offline/)).toBeTruthy();
  });

  // Twenty-five cards render slowly on a busy machine: longer waits than the defaults.
  it('pages with Load more online, and offline pages on through the saved copy', { timeout: 30_000 }, async () => {
    const wait = { timeout: 8000 };
    const all = Array.from({ length: 25 }, (_, i) => booking(`b${String(i).padStart(2, '0')}`, 'pending', { postcode: `N${i}AA` }));
    const calls = mockFetch((c) => {
      if (c.path === '/api/user/profile') return { status: 200, body: { user: testUser } };
      const page = Number(c.query.page ?? 1);
      return { status: 200, body: { success: true, bookings: all.slice((page - 1) * 20, page * 20), page, limit: 20, total: 25, pages: 2 } };
    });
    const user = userEvent.setup();
    const first = renderAt(<OrdersPage />, '/orders');
    await screen.findByText('Showing 20 of 25 bookings', {}, wait);
    expect(screen.getByText('25 bookings')).toBeTruthy();
    expect(document.querySelectorAll('.orders__grid article')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Showing 25 of 25 bookings', {}, wait);
    expect(document.querySelectorAll('.orders__grid article')).toHaveLength(25);
    expect(calls.filter((c) => c.path === '/api/user/bookings').map((c) => c.query)).toEqual([{}, { page: '2' }]);
    first.unmount();

    vi.unstubAllGlobals();
    mockFetch(() => 'network');
    renderAt(<OrdersPage />, '/orders');
    await screen.findByText('Showing 20 of 25 bookings', {}, wait);
    expect(screen.getByText(/You are offline/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Showing 25 of 25 bookings', {}, wait);
    expect(document.querySelectorAll('.orders__grid article')).toHaveLength(25);
  });
});
