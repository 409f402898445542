// Login: show/hide, error texts, redirect after 1 s, and the pending booking
// kept from a signed-out wizard being sent exactly once after sign-in.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoginPage from '@/features/auth/LoginPage';
import { savePendingBooking, submitPendingBooking } from '@/lib/bookings/pendingBooking';
import { db } from '@/lib/db';
import { MSG } from '@shared/messages';
import type { WizardInput } from '@shared/schemas/bookings';
import { mockFetch, renderAt, testUser } from './customer-render';

const answers: WizardInput = {
  phoneNumber: '07700 900456',
  address: '10 Downing Street',
  postcode: 'SW1A2AA',
  propertyType: 'House',
  frequency: 'Weekly',
  bedrooms: '3',
  bathrooms: '2',
  receptions: '1',
  cleaningType: 'Deep',
  hasCleaner: 'No, this is my first time',
  bestDays: '2099-01-01T10:00',
  supplies: 'Not sure yet',
  hiringLikelihood: 'Ready to book now',
};

beforeEach(async () => {
  await db.outbox.clear();
  await db.pendingBooking.clear();
});
afterEach(() => vi.unstubAllGlobals());

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, email = 'ada@example.com', password = 'secret1') {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('login', () => {
  it('toggles the password between hidden and shown', async () => {
    const user = userEvent.setup();
    renderAt(<LoginPage />, '/login');
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.type).toBe('password');
  });

  it('hides the Google button when no client id is configured', () => {
    renderAt(<LoginPage />, '/login');
    expect(document.querySelector('.auth__google')).toBeNull();
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });

  it('shows the server message, Login failed, or the network text', async () => {
    const user = userEvent.setup();
    let answer: 'msg' | 'bare' | 'network' = 'msg';
    mockFetch(
      () => (answer === 'network'
        ? 'network'
        : answer === 'msg'
        ? { status: 401, body: { success: false, message: 'Invalid email or password' } }
        : { status: 401 }),
    );
    renderAt(<LoginPage />, '/login');
    await fillAndSubmit(user);
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    answer = 'bare';
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(MSG.loginFailed)).toBeTruthy();
    answer = 'network';
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(MSG.network)).toBeTruthy();
  });

  it('shows the notice the signed-out wizard sends it with, and none otherwise', () => {
    const first = renderAt(<LoginPage />, '/login', '/login', { notice: MSG.loginToBook });
    expect(screen.getByText(MSG.loginToBook)).toBeTruthy();
    first.unmount();
    renderAt(<LoginPage />, '/login');
    expect(screen.queryByText(MSG.loginToBook)).toBeNull();
  });

  it('signs in, sends the pending booking exactly once, and lands on its reference-and-summary screen over /orders', async () => {
    await savePendingBooking({ ...answers, saveToProfile: true });
    const user = userEvent.setup();
    const calls = mockFetch((c) => {
      if (c.path === '/api/auth/user/login') return { status: 200, body: { success: true, token: 'tok', user: testUser, message: 'Login successful' } };
      if (c.path === '/api/user/profile') return { status: 200, body: { success: true, user: testUser } };
      if (c.path === '/api/user/bookings') return { status: 201, body: { success: true, bookingId: 'b1', booking: { id: 'b1', reference: 'SC-9QW3E' } } };
      return { status: 404 };
    });
    renderAt(<LoginPage />, '/login');
    await fillAndSubmit(user);
    expect(await screen.findByText('Login successful')).toBeTruthy();
    // Not a toast: the wizard's last screen (`?book=sent`) with the booking it sent.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/orders'), { timeout: 3000 });
    expect(screen.getByTestId('location-search').textContent).toBe('?book=sent');
    const state = JSON.parse(screen.getByTestId('location-state').textContent!);
    expect(state.wizardOutcome).toMatchObject({ status: 'confirmed', booking: { reference: 'SC-9QW3E' }, input: { postcode: 'SW1A2AA' } });
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/user/bookings');
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toMatchObject({ postcode: 'SW1A2AA', cleaningType: 'Deep' });
    expect(posts[0].headers.Authorization).toBe('Bearer tok');
    expect(calls.find((c) => c.method === 'PUT' && c.path === '/api/user/profile')?.body).toEqual({ phone: '07700 900456', address: '10 Downing Street' });
    expect(await db.pendingBooking.get('current')).toBeUndefined();
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('two senders racing (two tabs) send the pending booking only once', async () => {
    await savePendingBooking(answers);
    localStorage.setItem('token', 'tok');
    const calls = mockFetch((c) => (c.path === '/api/user/bookings' ? { status: 201, body: { success: true, bookingId: 'b1' } } : { status: 200, body: {} }));
    const results = await Promise.all([submitPendingBooking(), submitPendingBooking(), submitPendingBooking()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/user/bookings')).toHaveLength(1);
  });

  it('offline after sign-in: the pending booking stays queued in the outbox', async () => {
    await savePendingBooking(answers);
    localStorage.setItem('token', 'tok');
    mockFetch(() => 'network');
    const result = await submitPendingBooking();
    expect(result).toMatchObject({ outcome: { status: 'queued' } });
    const queued = await db.outbox.where('kind').equals('booking').toArray();
    expect(queued).toHaveLength(1);
    expect(queued[0].json).toMatchObject({ postcode: 'SW1A2AA' });
    expect(await db.pendingBooking.count()).toBe(0);
  });
});

describe('Google sign-in', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    delete (window as { google?: unknown; }).google;
  });

  it('loads Google Identity Services only when configured, and signs in with its credential', async () => {
    vi.stubEnv('VITE_GOOGLE_CLIENT_ID', 'client-123.apps.googleusercontent.com');
    let callback: (r: { credential?: string; }) => void = () => {};
    const initialize = vi.fn((o: { client_id: string; callback: typeof callback; }) => (callback = o.callback));
    (window as { google?: unknown; }).google = { accounts: { id: { initialize, renderButton: vi.fn() } } };
    const calls = mockFetch((c) =>
      c.path === '/api/auth/google-login'
        ? { status: 200, body: { success: true, token: 'g-token', user: testUser, message: 'Login successful' } }
        : { status: 200, body: { user: testUser } }
    );
    renderAt(<LoginPage />, '/login');
    const script = document.querySelector<HTMLScriptElement>('script[src="https://accounts.google.com/gsi/client"]');
    expect(script).not.toBeNull();
    script!.dispatchEvent(new Event('load'));
    await waitFor(() => expect(initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'client-123.apps.googleusercontent.com' })));

    callback({});
    expect(await screen.findByText(MSG.googleNoCredential)).toBeTruthy();

    callback({ credential: 'id-token-abc' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/orders'), { timeout: 3000 });
    expect(calls.find((c) => c.path === '/api/auth/google-login')?.body).toEqual({ credential: 'id-token-abc' });
    expect(localStorage.getItem('token')).toBe('g-token');
  });
});
