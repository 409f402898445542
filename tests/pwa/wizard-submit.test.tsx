// The booking wizard's last step: what happens signed out, signed in (the stored details, saving
// them to the profile), offline, and when the server refuses the booking.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import BookingWizard from '@/features/booking-wizard/BookingWizard';
import { localDateTime } from '@/features/booking-wizard/steps';
import { db } from '@/lib/db';
import { bookingDraft } from '@/lib/session';
import { MSG } from '@shared/messages';
import { PRICE_MSG } from '@shared/messages-prices';
import { mockFetch, renderAt, signInAs, testUser } from './customer-render';

// Answering all 12 steps is many keystrokes: on a busy shared machine that alone can pass 5 s.
vi.setConfig({ testTimeout: 20_000 });

const future = () => localDateTime(Date.now() + 3 * 24 * 3600_000);
const continueBtn = () => screen.getByRole('button', { name: 'Continue' });

beforeEach(async () => {
  bookingDraft.clear();
  await db.outbox.clear();
  await db.pendingBooking.clear();
});
afterEach(() => vi.unstubAllGlobals());

/** Opens the wizard as the app does: `?book` on the address, a postcode from the home page in the draft. */
function open(initialPostcode?: string, step = '') {
  if (initialPostcode) bookingDraft.save({ step: 1, answers: { postcode: initialPostcode } });
  return renderAt(<BookingWizard />, `/?book${step ? `=${step}` : ''}`, '/');
}

/** Answers every step; option steps pick the first option except where `other` gives free text. */
async function answerAll(user: ReturnType<typeof userEvent.setup>, other: Record<string, string> = {}) {
  await user.type(screen.getByLabelText('Postcode'), 'sw1a 1aa');
  await user.clear(screen.getByLabelText('Address'));
  await user.type(screen.getByLabelText('Address'), '10 Downing Street');
  await user.click(continueBtn());
  for (let step = 2; step <= 11; step++) {
    expect(screen.getByText(`Step ${step} of 12`)).toBeTruthy();
    if (step === 9) {
      fireEvent.change(screen.getByLabelText('Preferred date and time'), { target: { value: future() } });
    } else {
      const radios = screen.getAllByRole('radio') as HTMLInputElement[];
      const field = radios[0].name;
      if (other[field]) {
        await user.click(screen.getByRole('radio', { name: 'Other' }));
        await user.type(screen.getByLabelText('Please specify'), other[field]);
      } else {
        await user.click(radios[0]);
      }
    }
    await user.click(continueBtn());
  }
  expect(screen.getByText('Step 12 of 12')).toBeTruthy();
  await user.clear(screen.getByLabelText('Phone number'));
  await user.type(screen.getByLabelText('Phone number'), '07700 900456');
  // Three days ahead is within the 14-day cancellation period: the customer asks to start in it.
  await user.click(screen.getByLabelText(PRICE_MSG.startEarly));
}

describe('booking wizard', () => {
  it('signed out: Complete Booking on step 12 saves the answers as the pending booking and goes to /login', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => ({ status: 500 }));
    open();
    await answerAll(user, { propertyType: 'Houseboat' });
    const complete = screen.getByRole('button', { name: 'Complete Booking' });
    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '  ');
    expect(screen.getByText(MSG.phoneInvalid)).toBeTruthy();
    expect((complete as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Phone number'), '07700 900456');
    await user.click(complete);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(bookingDraft.read()).toBeNull();
    const row = await db.pendingBooking.get('current');
    expect(row?.answers).toMatchObject({
      propertyType: 'Houseboat',
      postcode: 'SW1A1AA',
      address: '10 Downing Street',
      phoneNumber: '07700 900456',
      frequency: 'Daily',
    });
    expect(localStorage.getItem('pendingBooking')).toBe('1');
    expect(calls.filter((c) => c.path.startsWith('/api/user'))).toHaveLength(0);
  });

  it("signed in: starts from the customer's stored address and phone", () => {
    signInAs();
    mockFetch(() => ({ status: 200, body: { user: testUser } }));
    open();
    expect((screen.getByLabelText('Address') as HTMLInputElement).value).toBe(testUser.address);
  });

  it('signed in, "save as my details" ticked: sends phone+address to the profile, then the booking with them, and shows Booking Confirmed!', async () => {
    signInAs();
    const user = userEvent.setup();
    const calls = mockFetch((c) => {
      if (c.path === '/api/user/profile' && c.method === 'GET') return { status: 200, body: { user: testUser } };
      if (c.path === '/api/user/profile') return { status: 500, body: { message: 'boom' } };
      if (c.path === '/api/user/bookings') {
        const sent = c.body as Record<string, string>;
        return {
          status: 201,
          body: {
            success: true,
            bookingId: 'b1',
            booking: { ...sent, id: 'b1', reference: 'SC-7K4Q2', scheduledAt: null, status: 'pending', created_at: new Date().toISOString() },
          },
        };
      }
      return { status: 404 };
    });
    open();
    await answerAll(user, { supplies: 'Eco products only' });
    await user.click(screen.getByLabelText(MSG.saveAsMyDetails));
    await user.click(screen.getByRole('button', { name: 'Complete Booking' }));
    expect(await screen.findByText(MSG.bookingConfirmed)).toBeTruthy();
    // It says plainly that this is a request no cleaner has accepted yet.
    expect(screen.getByText(MSG.bookingIsRequest)).toBeTruthy();
    expect(screen.getByTestId('booking-reference').textContent).toBe('SC-7K4Q2');
    const summary = document.querySelector('.wizard__summary')!;
    expect(summary.textContent).toContain('PostcodeSW1A 1AA');
    expect(summary.textContent).toContain('FrequencyDaily');
    expect(screen.getByText(/e-mail you as soon as one accepts, usually within 24 hours/)).toBeTruthy();
    expect(bookingDraft.read()).toBeNull();
    expect(screen.getByRole('button', { name: 'View My Booking' })).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/api/user/profile');
    expect(put?.body).toEqual({ phone: '07700 900456', address: '10 Downing Street' });
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/user/bookings');
    expect(post?.body).toMatchObject({ supplies: 'Eco products only', postcode: 'SW1A1AA', propertyType: 'Bungalow' });
    // The booking keeps the address and phone it was made for, even though the profile update failed.
    expect(post?.body).toMatchObject({ phone: '07700 900456', address: '10 Downing Street' });
    expect(post?.body).not.toHaveProperty('phoneNumber');
    expect(calls.indexOf(put!)).toBeLessThan(calls.indexOf(post!));
    expect(post?.headers.Authorization).toBe('Bearer test-token');
    await user.click(screen.getByRole('button', { name: 'View My Booking' }));
    expect(screen.getByTestId('location').textContent).toBe('/orders');
  });

  // A booking's address belongs to the booking: the profile (and the office's customer record) used to
  // be overwritten by every booking's address and phone.
  it('signed in, not ticked: the booking carries its address and phone, the profile is left alone', async () => {
    signInAs();
    const user = userEvent.setup();
    const calls = mockFetch((c) => {
      if (c.path === '/api/user/profile' && c.method === 'GET') return { status: 200, body: { user: testUser } };
      if (c.path === '/api/user/bookings') {
        const sent = c.body as Record<string, string>;
        return {
          status: 201,
          body: {
            success: true,
            bookingId: 'b2',
            booking: { ...sent, id: 'b2', reference: 'SC-2AB3C', scheduledAt: null, status: 'pending', created_at: new Date().toISOString() },
          },
        };
      }
      return { status: 404 };
    });
    open();
    await answerAll(user);
    expect((screen.getByLabelText(MSG.saveAsMyDetails) as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Complete Booking' }));
    expect(await screen.findByText(MSG.bookingConfirmed)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/user/profile' && c.method !== 'GET')).toHaveLength(0);
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/user/bookings');
    expect(post?.body).toMatchObject({ phone: '07700 900456', address: '10 Downing Street' });
    expect(post?.body).not.toHaveProperty('saveToProfile');
  });

  it('a booking sent at sign-in opens on its last screen: reference, summary and that it is a request', async () => {
    signInAs();
    mockFetch(() => ({ status: 200, body: { user: testUser } }));
    const wizardOutcome = {
      status: 'confirmed',
      input: {
        postcode: 'SW1A2AA',
        address: '10 Downing Street',
        phoneNumber: '07700 900456',
        propertyType: 'House',
        frequency: 'Weekly',
        bedrooms: '3',
        bathrooms: '2',
        receptions: '1',
        cleaningType: 'Deep',
        hasCleaner: 'No',
        bestDays: 'Mondays after 10',
        supplies: 'Cleaner brings',
        hiringLikelihood: 'Now',
      },
      booking: { id: 'b9', reference: 'SC-9QW3E', scheduledAt: null },
    };
    renderAt(<BookingWizard />, '/orders?book=sent', '/orders', { wizardOutcome });
    expect(await screen.findByText(MSG.bookingConfirmed)).toBeTruthy();
    expect(screen.getByTestId('booking-reference').textContent).toBe('SC-9QW3E');
    expect(screen.getByText(MSG.bookingIsRequest)).toBeTruthy();
    expect(document.querySelector('.wizard__summary')!.textContent).toContain('PostcodeSW1A 2AA');
  });

  it('signed in but offline: says the booking is saved and will be sent later, not Booking Confirmed!', async () => {
    signInAs();
    const user = userEvent.setup();
    mockFetch(() => 'network');
    open();
    await answerAll(user);
    await user.click(screen.getByLabelText(MSG.saveAsMyDetails));
    await user.click(screen.getByRole('button', { name: 'Complete Booking' }));
    expect(await screen.findByText(MSG.bookingQueued)).toBeTruthy();
    expect(screen.queryByText(MSG.bookingConfirmed)).toBeNull();
    expect(await db.outbox.where('kind').equals('booking').count()).toBe(1);
    // The phone and address wait too, queued before the booking (and sent before it).
    const rows = await db.outbox.orderBy('seq').toArray();
    expect(rows.map((r) => r.kind)).toEqual(['profile', 'booking']);
    expect(rows[0].json).toEqual({ phone: '07700 900456', address: '10 Downing Street' });
    expect(rows[1].after).toBe(rows[0].id);
  });

  it('shows the server message when the booking is refused', async () => {
    signInAs();
    const user = userEvent.setup();
    mockFetch((
      c,
    ) => (c.path === '/api/user/bookings'
      ? { status: 400, body: { success: false, message: 'Postcode is required' } }
      : { status: 200, body: { user: testUser } })
    );
    open();
    await answerAll(user);
    await user.click(screen.getByRole('button', { name: 'Complete Booking' }));
    expect(await screen.findByText('Postcode is required')).toBeTruthy();
  });
});
