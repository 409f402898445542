// Available bookings: the type filter and the count asked of the server, pages with Load more
// online and offline, Accept Booking (card leaves the list; spec toasts), empty and error states.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { EMPLOYEE_TYPE_TO_CLEANING } from '@shared/constants';
import { MSG } from '@shared/messages';
import { STAFF_MSG } from '@shared/messages-staff';
import type { EmployeeBooking } from '@shared/schemas/employee';
import { booking, mockFetch, pagedAnswer, portalServer, renderPortal, setBrowserOnline, signInEmployee, type Call } from './employee-render';

afterEach(() => {
  vi.unstubAllGlobals();
  setBrowserOnline(true);
  onlineManager.setOnline(true);
});

/** What the server answers for `?type=&page=`: the type filter applied, then the page cut. */
const TYPE_OF: Record<string, string> = EMPLOYEE_TYPE_TO_CLEANING;
const availableServer = (all: EmployeeBooking[]) => (c: Call) =>
  pagedAnswer('bookings', c.query.type ? all.filter((b) => b.cleaningType === TYPE_OF[c.query.type]) : all, c.query);

const list = [
  booking({ id: '66b0000000000000000000b1', customer_name: 'Reg One', cleaningType: 'Standard', status: 'pending' }),
  booking({ id: '66b0000000000000000000b2', customer_name: 'Deep One', cleaningType: 'Deep', status: 'pending' }),
  booking({ id: '66b0000000000000000000b3', customer_name: 'Move One', cleaningType: 'Move-out', status: 'pending' }),
  booking({ id: '66b0000000000000000000b4', customer_name: 'Reg Two', cleaningType: 'Standard', status: 'pending' }),
];

describe('available bookings screen', () => {
  it('asks the server for the type and shows its count', async () => {
    signInEmployee();
    const calls = mockFetch(portalServer({ 'GET /api/employee/available-bookings': availableServer(list) }));
    const user = userEvent.setup();
    renderPortal('/employee/available-bookings');
    expect(await screen.findByText('Reg One')).toBeTruthy();
    expect(screen.getByLabelText('4 bookings')).toBeTruthy();
    const select = screen.getByLabelText('Type');
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.textContent)).toEqual(['All Types', 'regular', 'deep', 'move']);
    await user.selectOptions(select, 'regular');
    expect(await screen.findByLabelText('2 bookings')).toBeTruthy();
    expect(screen.queryByText('Deep One')).toBeNull();
    await user.selectOptions(select, 'move');
    expect(await screen.findByText('Move One')).toBeTruthy();
    expect(screen.getByLabelText('1 bookings')).toBeTruthy();
    const asked = calls.filter((c) => c.path === '/api/employee/available-bookings').map((c) => c.query);
    expect(asked).toEqual([{}, { type: 'regular' }, { type: 'move' }]);
  });

  it('pages with Load more; offline the next page waits for the network, the shown ones stay', async () => {
    signInEmployee();
    const many = Array.from(
      { length: 45 },
      (_, i) => booking({ id: `66b0000000000000000001${String(i).padStart(2, '0')}`, customer_name: `Customer ${i}`, status: 'pending' }),
    );
    let down = false;
    const calls = mockFetch(portalServer({ 'GET /api/employee/available-bookings': (c) => (down ? 'network' : availableServer(many)(c)) }));
    const user = userEvent.setup();
    renderPortal('/employee/available-bookings');
    await screen.findByText('Customer 0');
    expect(screen.getByText('Showing 20 of 45 bookings')).toBeTruthy();
    expect(screen.queryByText('Customer 20')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Customer 39');
    expect(screen.getByText('Showing 40 of 45 bookings')).toBeTruthy();

    down = true;
    onlineManager.setOnline(false);
    setBrowserOnline(false);
    const more = await screen.findByRole('button', { name: 'Load more' });
    await waitFor(() => expect((more as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByText(MSG.needsServer)).toBeTruthy();
    expect(screen.getByText('Customer 0')).toBeTruthy();
    expect(screen.getByText('Customer 39')).toBeTruthy();

    down = false;
    onlineManager.setOnline(true);
    setBrowserOnline(true);
    await waitFor(() => expect((more as HTMLButtonElement).disabled).toBe(false));
    await user.click(more);
    await screen.findByText('Customer 44');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.filter((c) => c.path === '/api/employee/available-bookings').map((c) => c.query.page)).toContain('3');
  });

  it('offline before anything loaded: says it needs the server instead of spinning', async () => {
    signInEmployee();
    onlineManager.setOnline(false);
    setBrowserOnline(false);
    mockFetch(portalServer({ 'GET /api/employee/available-bookings': () => 'network' }));
    renderPortal('/employee/available-bookings');
    expect(await screen.findByText(MSG.needsServer)).toBeTruthy();
  });

  it('shows every field the spec lists on a card', async () => {
    signInEmployee();
    // As the server sends an available job: no customer e-mail or phone before accepting.
    const card = { ...list[0], bedrooms: '3', bathrooms: '2', expected_hours: 3.5, customer_email: '', customer_phone: undefined };
    mockFetch(portalServer({ 'GET /api/employee/available-bookings': () => ({ status: 200, body: { success: true, bookings: [card] } }) }));
    renderPortal('/employee/available-bookings');
    await screen.findByText('Reg One');
    for (const label of ['Property Type', 'Cleaning Type', 'Frequency', 'Postcode', 'Bedrooms', 'Bathrooms', 'Best Days', 'Supplies', 'Expected duration']) {
      expect(screen.getByText(label)).toBeTruthy();
    }
    // The plan's expected hours as the server sends them, in the quote's words.
    expect(screen.getByText('About 3.5 hours')).toBeTruthy();
    expect(screen.getByText(STAFF_MSG.contactAfterAccept)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /@|^0/ })).toBeNull();
    // When first (and again in Best Days), where as area and postcode: no home address before accepting.
    expect(screen.getAllByText('Monday at 10:00').length).toBe(2);
    expect(screen.getByText(/^Booking (SC-|#)/)).toBeTruthy();
  });

  it('accepting removes the card and shows the success toast', async () => {
    signInEmployee();
    let accepted = false;
    const calls = mockFetch(
      portalServer({
        'GET /api/employee/available-bookings': (c) => availableServer(accepted ? list.slice(1) : list)(c),
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
    // A free-text time: the first visit's date and time are asked first (the plan starts from them).
    expect((screen.getByRole('button', { name: 'Accept' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('First visit date'), '2030-01-14');
    await user.type(screen.getByLabelText('First visit time'), '10:00');
    await user.dblClick(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Booking accepted successfully!')).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST' && c.path.endsWith('/accept'));
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({ first_visit: { date: '2030-01-14', time: '10:00' } });
    await waitFor(() => expect(screen.queryByText('Reg One')).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/accept'))).toBe(true);
  });

  it('a failed accept puts the card back and shows the server message', async () => {
    signInEmployee();
    mockFetch(
      portalServer({
        'GET /api/employee/available-bookings': () => ({ status: 200, body: { success: true, bookings: [list[0]] } }),
        [`POST /api/employee/bookings/${list[0].id}/accept`]: () => ({
          status: 409,
          body: { success: false, message: 'This booking is no longer available.' },
        }),
      }),
    );
    const user = userEvent.setup();
    renderPortal('/employee/available-bookings');
    await user.click(await screen.findByRole('button', { name: 'Accept Booking' }));
    await user.type(screen.getByLabelText('First visit date'), '2030-01-14');
    await user.type(screen.getByLabelText('First visit time'), '10:00');
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
