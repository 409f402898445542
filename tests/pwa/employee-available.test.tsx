// Available bookings: the type-filter mapping (regular ↔ Standard, deep ↔ Deep, move ↔ Move-out),
// the count, Accept Booking (card leaves the list; spec toasts), empty and error states.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPLOYEE_TYPE_TO_CLEANING } from '../../shared/constants';
import { matchesType } from '../../pwa/src/features/employee/available/typeFilter';
import { booking, mockFetch, portalServer, renderPortal, signInEmployee } from './employee-render';

afterEach(() => vi.unstubAllGlobals());

describe('type filter mapping', () => {
  it('maps each filter to one wizard cleaning type', () => {
    expect(EMPLOYEE_TYPE_TO_CLEANING).toEqual({ regular: 'Standard', deep: 'Deep', move: 'Move-out' });
    expect(matchesType('regular', 'Standard')).toBe(true);
    expect(matchesType('regular', 'Deep')).toBe(false);
    expect(matchesType('deep', 'Deep')).toBe(true);
    expect(matchesType('move', 'Move-out')).toBe(true);
    expect(matchesType('move', 'Standard')).toBe(false);
    expect(matchesType('deep', 'Other')).toBe(false);
    expect(matchesType('all', 'Other')).toBe(true);
  });
});

const list = [
  booking({ id: '66b0000000000000000000b1', customer_name: 'Reg One', cleaningType: 'Standard', status: 'pending' }),
  booking({ id: '66b0000000000000000000b2', customer_name: 'Deep One', cleaningType: 'Deep', status: 'pending' }),
  booking({ id: '66b0000000000000000000b3', customer_name: 'Move One', cleaningType: 'Move-out', status: 'pending' }),
  booking({ id: '66b0000000000000000000b4', customer_name: 'Reg Two', cleaningType: 'Standard', status: 'pending' }),
];

describe('available bookings screen', () => {
  it('filters the cards and shows the count', async () => {
    signInEmployee();
    mockFetch(portalServer({ 'GET /api/employee/available-bookings': () => ({ status: 200, body: { success: true, bookings: list } }) }));
    const user = userEvent.setup();
    renderPortal('/employee/available-bookings');
    expect(await screen.findByText('Reg One')).toBeTruthy();
    expect(screen.getByLabelText('4 bookings shown')).toBeTruthy();
    const select = screen.getByLabelText('Type');
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.textContent)).toEqual(['All Types', 'regular', 'deep', 'move']);
    await user.selectOptions(select, 'regular');
    expect(screen.getByLabelText('2 bookings shown')).toBeTruthy();
    expect(screen.queryByText('Deep One')).toBeNull();
    await user.selectOptions(select, 'move');
    expect(screen.getByText('Move One')).toBeTruthy();
    expect(screen.getByLabelText('1 bookings shown')).toBeTruthy();
  });

  it('shows every field the spec lists on a card', async () => {
    signInEmployee();
    mockFetch(portalServer({ 'GET /api/employee/available-bookings': () => ({ status: 200, body: { success: true, bookings: [list[0]] } }) }));
    renderPortal('/employee/available-bookings');
    await screen.findByText('Reg One');
    for (const label of ['Property Type', 'Cleaning Type', 'Frequency', 'Postcode', 'Bedrooms', 'Bathrooms', 'Best Days', 'Supplies']) {
      expect(screen.getByText(label)).toBeTruthy();
    }
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('07700 900123')).toBeTruthy();
    // When first (and again in Best Days), where as area and postcode: no home address before accepting.
    expect(screen.getAllByText('Monday at 10:00').length).toBe(2);
    expect(screen.getByText(/^Booking (SC-|#)/)).toBeTruthy();
  });

  it('accepting removes the card and shows the success toast', async () => {
    signInEmployee();
    let accepted = false;
    const calls = mockFetch(
      portalServer({
        'GET /api/employee/available-bookings': () => ({ status: 200, body: { success: true, bookings: accepted ? list.slice(1) : list } }),
        [`POST /api/employee/bookings/${list[0].id}/accept`]: () => {
          accepted = true;
          return { status: 200, body: { success: true, message: 'Booking accepted successfully!' } };
        },
      }),
    );
    const user = userEvent.setup();
    renderPortal('/employee/available-bookings');
    await screen.findByText('Reg One');
    await user.click(screen.getAllByRole('button', { name: 'Accept Booking' })[0]);
    expect(screen.getByText('Accept this booking for Monday at 10:00?')).toBeTruthy();
    await user.dblClick(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Booking accepted successfully!')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.path.endsWith('/accept'))).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Reg One')).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/accept'))).toBe(true);
  });

  it('a failed accept puts the card back and shows the server message', async () => {
    signInEmployee();
    mockFetch(
      portalServer({
        'GET /api/employee/available-bookings': () => ({ status: 200, body: { success: true, bookings: [list[0]] } }),
        [`POST /api/employee/bookings/${list[0].id}/accept`]: () => ({ status: 409, body: { success: false, message: 'This booking is no longer available.' } }),
      }),
    );
    const user = userEvent.setup();
    renderPortal('/employee/available-bookings');
    await user.click(await screen.findByRole('button', { name: 'Accept Booking' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('This booking is no longer available.')).toBeTruthy();
    expect(screen.getByText('Reg One')).toBeTruthy();
  });

  it('shows the empty text and the fetch error text', async () => {
    signInEmployee();
    mockFetch(portalServer());
    const first = renderPortal('/employee/available-bookings');
    expect(await screen.findByText('No Available Bookings')).toBeTruthy();
    first.unmount();
    mockFetch(portalServer({ 'GET /api/employee/available-bookings': () => ({ status: 500, body: {} }) }));
    renderPortal('/employee/available-bookings');
    expect(await screen.findByText('Failed to fetch available bookings')).toBeTruthy();
  });
});
