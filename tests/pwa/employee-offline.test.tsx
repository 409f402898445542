// My Bookings: pages and filter tabs asked of the server, the offline copy (db.employeeBookings,
// owner = employee id, page by page) and its use when the network is down.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { db } from '@/lib/db';
import { clearOfflineBookings, readOfflinePage, saveOfflinePage } from '@/features/employee/offlineBookings';
import type { EmployeeBooking } from '@shared/schemas/employee';
import { booking, EMPLOYEE_ID, mockFetch, pagedAnswer, portalServer, renderPortal, signInEmployee, type Call } from './employee-render';

/** The list split the way the server pages it, saved as if each page had been seen. */
async function saveAll(owner: string, all: EmployeeBooking[], now?: number) {
  for (let page = 1; (page - 1) * 20 < Math.max(all.length, 1); page++) {
    await saveOfflinePage(owner, { items: all.slice((page - 1) * 20, page * 20), page, limit: 20 }, now);
  }
}
const ids = (page: { items: EmployeeBooking[]; } | null) => page?.items.map((b) => b.id);

/** What the server answers for `?status=&page=`, with every tab's count. */
const myServer = (all: EmployeeBooking[]) => (c: Call) => {
  const counts = {
    all: all.length,
    accepted: all.filter((b) => b.status === 'accepted').length,
    completed: all.filter((b) => b.status === 'completed').length,
  };
  return pagedAnswer('bookings', c.query.status ? all.filter((b) => b.status === c.query.status) : all, c.query, { counts });
};

afterEach(async () => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
  await db.employeeBookings.clear();
  await db.outbox.clear();
});

describe('offline cache', () => {
  it('keeps each owner’s pages in the server order; page 1 starts the copy afresh', async () => {
    const a = booking({ id: 'a1', status: 'accepted' });
    const b = booking({ id: 'b2', status: 'completed' });
    const many = Array.from({ length: 25 }, (_, i) => booking({ id: `m${i}` }));
    await saveAll('emp1', many, 1000);
    await saveOfflinePage('emp2', { items: [b], page: 1, limit: 20 }, 2000);
    expect(ids(await readOfflinePage('emp1', 'all', 2, 20))).toEqual(many.slice(20).map((x) => x.id));
    expect(await readOfflinePage('emp1', 'all', 1, 20)).toMatchObject({ total: 25, pages: 2, savedAt: 1000 });
    // A fresh page 1: what the list looks like now; the old deeper pages go.
    await saveOfflinePage('emp1', { items: [a, b], page: 1, limit: 20 }, 3000);
    expect(await readOfflinePage('emp1', 'all', 1, 20)).toMatchObject({
      items: [a, b],
      total: 2,
      savedAt: 3000,
      counts: { all: 2, accepted: 1, completed: 1 },
    });
    expect(ids(await readOfflinePage('emp1', 'completed', 1, 20))).toEqual(['b2']);
    expect(ids(await readOfflinePage('emp2', 'all', 1, 20))).toEqual(['b2']);
    await clearOfflineBookings('emp1');
    expect(await readOfflinePage('emp1', 'all', 1, 20)).toBeNull();
    expect(await readOfflinePage('emp2', 'all', 1, 20)).not.toBeNull();
  });

  // Twenty-row pages render slowly on a loaded machine: longer waits than the harness's defaults.
  it('online: filter tabs and counts come from the server, Load more brings the next page', { timeout: 60_000 }, async () => {
    const wait = { timeout: 15_000 };
    signInEmployee();
    const all = Array.from(
      { length: 30 },
      (_, i) =>
        booking({
          id: `66b00000000000000000${String(i).padStart(4, '0')}`,
          customer_name: `Client ${i}`,
          status: i % 3 === 0 ? 'completed' : 'accepted',
          work_submitted: i % 3 === 0,
        }),
    );
    const calls = mockFetch(portalServer({ 'GET /api/employee/my-bookings': myServer(all) }));
    const user = userEvent.setup();
    renderPortal('/employee/my-bookings');
    await screen.findByText('Client 0', {}, wait);
    expect(screen.getByText('Showing 20 of 30 bookings')).toBeTruthy();
    expect(screen.getByRole('button', { name: /accepted/ }).textContent).toContain('20');
    expect(screen.getByRole('button', { name: /completed/ }).textContent).toContain('10');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Client 29', {}, wait);
    expect(screen.getByText('Showing 30 of 30 bookings')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /completed/ }));
    await screen.findByText('Showing 10 of 10 bookings', {}, wait);
    expect(screen.queryByText('Client 1')).toBeNull();
    expect(calls.filter((c) => c.path === '/api/employee/my-bookings').map((c) => c.query)).toEqual([{}, { page: '2' }, { status: 'completed' }]);
    // Both pages of the whole list were saved for offline use, in order.
    expect(ids(await readOfflinePage(EMPLOYEE_ID, 'all', 2, 20))).toEqual(all.slice(20).map((b) => b.id));
  });

  it('offline: the saved pages show and page on, tabs filter the saved copy, work can still be submitted', { timeout: 60_000 }, async () => {
    const wait = { timeout: 15_000 };
    const all = Array.from(
      { length: 25 },
      (_, i) =>
        booking({
          id: `66b00000000000000000${String(i).padStart(4, '0')}`,
          customer_name: `Saved ${i}`,
          status: i === 24 ? 'completed' : 'accepted',
          work_submitted: i === 24,
        }),
    );
    await saveAll(EMPLOYEE_ID, all);
    signInEmployee();
    mockFetch(() => 'network');
    const user = userEvent.setup();
    renderPortal('/employee/my-bookings');
    expect(await screen.findByText('Saved 0')).toBeTruthy();
    expect(screen.getAllByText(/You are offline — showing saved content/).length).toBeGreaterThan(0);
    expect(screen.getByText('Showing 20 of 25 bookings')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Submit work/i }).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Saved 24')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /completed/ }));
    await screen.findByText('Showing 1 of 1 bookings', {}, wait);
    expect(screen.getByRole('button', { name: /completed/ }).textContent).toContain('1');
    expect(screen.queryByText('Saved 0')).toBeNull();
  });

  it('works when the browser itself reports offline: saved list shown, work goes to the outbox', async () => {
    const saved = booking({ customer_name: 'Saved Before' });
    await saveOfflinePage(EMPLOYEE_ID, { items: [saved], page: 1, limit: 20 });
    signInEmployee();
    // TanStack Query pauses 'online'-mode queries and mutations here; the portal must not wait for that.
    onlineManager.setOnline(false);
    mockFetch(() => 'network');
    const user = userEvent.setup();
    renderPortal('/employee/my-bookings');
    expect(await screen.findByText('Saved Before')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Submit work/i }));
    await user.type(screen.getByLabelText('Work hours'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Submit Work' }));
    expect(await screen.findByText("Saved — will send when you're back online")).toBeTruthy();
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('one offline notice per screen, no invented figures', () => {
  const savedAt = Date.UTC(2026, 10, 24, 8, 5);

  it('My Bookings offline: a single notice, with the age of the saved copy', async () => {
    await saveAll(EMPLOYEE_ID, [booking({ customer_name: 'Saved One' })], savedAt);
    signInEmployee();
    mockFetch(() => 'network');
    renderPortal('/employee/my-bookings');
    expect(await screen.findByText('Saved One')).toBeTruthy();
    const notices = await screen.findAllByText(/You are offline — showing saved content/);
    expect(notices).toHaveLength(1);
    expect(notices[0].textContent).toBe('You are offline — showing saved content (saved Tue 24 Nov, 08:05)');
  });

  it('the browser offline: the portal adds no notice of its own, only the age of the saved list', async () => {
    await saveAll(EMPLOYEE_ID, [booking({ customer_name: 'Saved Three' })], savedAt);
    signInEmployee();
    onlineManager.setOnline(false);
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    mockFetch(() => 'network');
    try {
      renderPortal('/employee/my-bookings');
      expect(await screen.findByText('Saved Three')).toBeTruthy();
      expect(await screen.findByText('Showing what was saved Tue 24 Nov, 08:05.')).toBeTruthy();
      expect(screen.queryAllByText(/You are offline — showing saved content/)).toHaveLength(0);
    } finally {
      Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    }
  });

  it('dashboard offline with nothing fetched: one notice, no badge, dashes, no trend figures', async () => {
    await saveAll(EMPLOYEE_ID, [booking({ customer_name: 'Saved Two' })], savedAt);
    signInEmployee();
    mockFetch(() => 'network');
    renderPortal('/employee/dashboard');
    expect(await screen.findByText('Saved Two')).toBeTruthy();
    expect(await screen.findAllByText(/You are offline — showing saved content/)).toHaveLength(1);
    expect(screen.getAllByText('—')).toHaveLength(2);
    expect(screen.queryByText(/%/)).toBeNull();
    expect(screen.queryByLabelText(/What we told you, \d+ new/)).toBeNull();
    expect(screen.queryByLabelText(/\d+ available/)).toBeNull();
  });

  it('My Bookings offline with nothing saved: says so, not "Network error"', async () => {
    signInEmployee();
    mockFetch(() => 'network');
    renderPortal('/employee/my-bookings');
    expect(await screen.findByText('Nothing saved on this device yet')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('dashboard offline with nothing saved: says the list needs a first load, not "Network error"', async () => {
    signInEmployee();
    mockFetch(() => 'network');
    renderPortal('/employee/dashboard');
    expect(await screen.findByText('Your recent bookings show here once they have been loaded with a connection.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await screen.findAllByText(/You are offline — showing saved content/)).toHaveLength(1);
  });

  it('figures seen before the connection went stay, with their age, but the badges go', async () => {
    signInEmployee();
    let down = false;
    const server = portalServer();
    mockFetch((c) => (down ? 'network' : server(c)));
    renderPortal('/employee/dashboard');
    expect(await screen.findByLabelText('What we told you, 2 new')).toBeTruthy();
    expect(await screen.findByText('+25%')).toBeTruthy();
    down = true;
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText(/^Figures as of /)).toBeTruthy();
    expect(screen.getByText('+25%')).toBeTruthy();
    expect(screen.getByText('10')).toBeTruthy();
    expect(screen.queryByLabelText(/What we told you, \d+ new/)).toBeNull();
    // The browser says offline: the app's own bar (App.tsx) is the screen's notice, the portal adds none.
    expect(screen.queryAllByText(/You are offline — showing saved content/)).toHaveLength(0);
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
  });
});
