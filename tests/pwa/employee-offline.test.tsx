// The My Bookings offline copy (db.employeeBookings, owner = employee id) and its use when the network is down.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { db } from '../../pwa/src/lib/db';
import { clearOfflineBookings, readOfflineBookings, saveOfflineBookings } from '../../pwa/src/features/employee/my-bookings/offlineCache';
import { booking, EMPLOYEE_ID, mockFetch, portalServer, renderPortal, signInEmployee } from './employee-render';

afterEach(async () => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
  await db.employeeBookings.clear();
  await db.outbox.clear();
});

describe('offline cache', () => {
  it('keeps each owner’s latest list in the server order and replaces it on save', async () => {
    const a = booking({ id: 'a1', created_at: '2026-01-01T00:00:00Z' });
    const b = booking({ id: 'b2', created_at: '2026-02-01T00:00:00Z' });
    await saveOfflineBookings('emp1', [a, b], 1000);
    await saveOfflineBookings('emp2', [b], 2000);
    expect((await readOfflineBookings('emp1'))?.bookings.map((x) => x.id)).toEqual(['a1', 'b2']);
    await saveOfflineBookings('emp1', [b], 3000);
    expect(await readOfflineBookings('emp1')).toEqual({ bookings: [b], savedAt: 3000 });
    expect((await readOfflineBookings('emp2'))?.bookings).toEqual([b]);
    await clearOfflineBookings('emp1');
    expect(await readOfflineBookings('emp1')).toBeNull();
    expect(await readOfflineBookings('emp2')).not.toBeNull();
  });

  it('shows the saved list when the network is down, and saves every fresh answer', async () => {
    signInEmployee();
    const fresh = booking({ customer_name: 'Fresh From Server' });
    mockFetch(portalServer({ 'GET /api/employee/my-bookings': () => ({ status: 200, body: { success: true, bookings: [fresh] } }) }));
    const first = renderPortal('/employee/my-bookings');
    expect(await screen.findByText('Fresh From Server')).toBeTruthy();
    first.unmount();
    expect((await readOfflineBookings(EMPLOYEE_ID))?.bookings[0].customer_name).toBe('Fresh From Server');

    mockFetch(() => 'network');
    renderPortal('/employee/my-bookings');
    expect(await screen.findByText('Fresh From Server')).toBeTruthy();
    expect(screen.getAllByText(/You are offline — showing saved content/).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /Submit work/i })).toBeTruthy();
  });

  it('works when the browser itself reports offline: saved list shown, work goes to the outbox', async () => {
    const saved = booking({ customer_name: 'Saved Before' });
    await saveOfflineBookings(EMPLOYEE_ID, [saved]);
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
