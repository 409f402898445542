// A repeat visit paints the signed-in customer's last answer from this device, marked with its age
// until the fresh answer arrives; the kept answer belongs to one person only: another customer signing
// in on the same browser never sees it, and a sign-out or a 401 that ends the session wipes it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import OrdersPage from '@/features/orders/OrdersPage';
import { AuthProvider } from '@/lib/auth/AuthProvider';
import { ToastProvider } from '@/components/Toast';
import { db } from '@/lib/db';
import { api } from '@/lib/api';
import { clearCopiesWhenSessionsEnd } from '@/lib/offline-data';
import { persistSignedInQueries, restorePerson, savePerson } from '@/lib/query-persist';
import { customerSession } from '@/lib/session';
import type { Booking } from '@shared/schemas/bookings';
import type { PublicUser } from '@shared/schemas/auth';
import { signInAs, testUser } from './customer-render';

vi.setConfig({ testTimeout: 20_000 });

const ada = testUser;
const bea: PublicUser = { ...testUser, id: '64b000000000000000000002', email: 'bea@example.com', name: 'Bea Other' };
const T0 = new Date('2026-11-20T09:00:00Z').getTime();

const booking = (id: string, postcode: string): Booking => ({
  id,
  reference: `SC-${id.slice(-5).toUpperCase()}`,
  scheduledAt: '2099-01-01T10:00:00.000Z',
  status: 'pending',
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
  postcode,
  created_at: '2026-11-01T09:00:00.000Z',
});
const adasBooking = booking('64c0000000000000000aaaaa', 'SW1A2AA');

/** The server: `bookings` answers the list when called (a pending promise holds it back). */
function serve(user: PublicUser, bookings: () => Promise<Booking[]>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (path === '/api/user/profile') return json(200, { user });
      if (path === '/api/user/bookings') return json(200, { success: true, bookings: await bookings() });
      if (path === '/api/user/dashboard') return json(401, { message: 'Session expired' });
      return json(200, { success: true });
    }),
  );
}

function open(client: QueryClient) {
  const router = createMemoryRouter([{ path: '/orders', element: <OrdersPage /> }], { initialEntries: ['/orders'] });
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

// As the app's client: an answer younger than 30 s counts as fresh.
const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
const adasCard = () => screen.queryByText(new RegExp(adasBooking.reference));

/** Ada's first visit: My Bookings answered by the server, then kept on the device. */
async function adaVisitsOnce() {
  signInAs(ada);
  serve(ada, async () => [adasBooking]);
  const client = newClient();
  const view = open(client);
  await waitFor(() => expect(adasCard()).not.toBeNull(), { timeout: 5000 });
  await savePerson(client, 'customer');
  view.unmount();
  expect(await db.queryCache.get(`customer:${ada.id}`)).toBeDefined();
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  await db.queryCache.clear();
  await db.myBookings.clear();
  await db.outbox.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a repeat visit', () => {
  it('paints the kept answer at once, marked "Updated 5 min ago", and drops the mark when the fresh answer arrives', async () => {
    await adaVisitsOnce();
    vi.setSystemTime(T0 + 5 * 60_000);
    let answer!: (list: Booking[]) => void;
    serve(ada, () => new Promise((resolve) => (answer = resolve)));
    const client = newClient();
    await restorePerson(client, 'customer');
    open(client);
    // Shown before the server has answered.
    expect(adasCard()).not.toBeNull();
    expect(screen.getByText('Updated 5 min ago')).toBeTruthy();
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    answer([adasBooking]);
    await waitFor(() => expect(screen.queryByText(/Updated .* ago/)).toBeNull());
    expect(adasCard()).not.toBeNull();
  });

  it('asks the server again even when the kept answer is seconds old', async () => {
    await adaVisitsOnce();
    vi.setSystemTime(T0 + 5_000);
    let asked = false;
    serve(ada, async () => {
      asked = true;
      return [adasBooking];
    });
    const client = newClient();
    await restorePerson(client, 'customer');
    open(client);
    expect(screen.getByText('Updated just now')).toBeTruthy();
    await waitFor(() => expect(asked).toBe(true));
    await waitFor(() => expect(screen.queryByText(/Updated .* ago|Updated just now/)).toBeNull());
  });

  it('shows an answer fetched during this visit without the mark', async () => {
    await adaVisitsOnce();
    expect(screen.queryByText(/Updated .* ago/)).toBeNull();
  });
});

describe('on a shared browser', () => {
  it('another customer signing in never sees the first one’s kept answer', async () => {
    await adaVisitsOnce();
    // Bea signs in on the same browser profile (Ada's session gone without a sign-out seen here).
    signInAs(bea, 'bea-token');
    serve(bea, () => new Promise(() => undefined));
    const client = newClient();
    await restorePerson(client, 'customer');
    expect(client.getQueryCache().findAll({ queryKey: ['user'] })).toHaveLength(0);
    open(client);
    expect(screen.getByText('Loading your bookings')).toBeTruthy();
    expect(adasCard()).toBeNull();
  });

  it('a change of person in an open tab drops the first one’s answers from memory and from the device', async () => {
    await adaVisitsOnce();
    const client = newClient();
    const kept = persistSignedInQueries(client);
    await kept.restored;
    expect(client.getQueryCache().findAll({ queryKey: ['user'] }).length).toBeGreaterThan(0);
    customerSession.save('bea-token', bea);
    expect(client.getQueryCache().findAll({ queryKey: ['user'] })).toHaveLength(0);
    await waitFor(async () => expect(await db.queryCache.count()).toBe(0));
    // A save gathered before the change writes nothing of Ada's under Bea.
    await savePerson(client, 'customer');
    expect(await db.queryCache.get(`customer:${ada.id}`)).toBeUndefined();
    kept.stop();
  });
});

describe('when the session ends', () => {
  it('a sign-out wipes the kept answer, and a save after it keeps nothing', async () => {
    await adaVisitsOnce();
    const stop = clearCopiesWhenSessionsEnd();
    const client = newClient();
    await restorePerson(client, 'customer');
    customerSession.clear();
    await waitFor(async () => expect(await db.queryCache.count()).toBe(0));
    await savePerson(client, 'customer');
    expect(await db.queryCache.count()).toBe(0);
    // A save already under way when the session ends writes nothing either.
    signInAs(ada);
    const saving = savePerson(client, 'customer');
    customerSession.clear();
    await saving;
    await waitFor(async () => expect(await db.queryCache.count()).toBe(0));
    expect(await db.queryCache.get(`customer:${ada.id}`)).toBeUndefined();
    stop();
  });

  it('a 401 that ends the session wipes the kept answer', async () => {
    await adaVisitsOnce();
    const stop = clearCopiesWhenSessionsEnd();
    await expect(api('/api/user/dashboard', { auth: 'customer' })).rejects.toThrow();
    await waitFor(async () => expect(await db.queryCache.count()).toBe(0));
    // Ada signs in again: nothing of the last session comes back.
    signInAs(ada);
    const client = newClient();
    await restorePerson(client, 'customer');
    expect(client.getQueryCache().findAll({ queryKey: ['user'] })).toHaveLength(0);
    stop();
  });
});
