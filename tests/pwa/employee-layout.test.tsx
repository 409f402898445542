// Layout and figures: real badge / trend numbers from /api/employee/stats with the spec's fixed values
// only as fallback, initials with 'EP' fallback, the account menu, the sidebar closing on phones.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeText, statsDisplay } from '@/features/employee/layout/stats';
import { initialsOf } from '@/features/employee/layout/initials';
import { STAFF_MSG } from '@shared/messages-staff';
import { booking, mockFetch, portalServer, renderPortal, signInEmployee } from './employee-render';

afterEach(() => {
  vi.unstubAllGlobals();
  window.innerWidth = 1024;
});

describe('figures', () => {
  it('computes real trends and badges', () => {
    const d = statsDisplay({ totalAccepted: 10, thisMonthAccepted: 5, lastMonthAccepted: 4, availableCount: 7 });
    expect(d).toEqual({ availableBadge: 7, totalAccepted: 10, thisMonth: 5, totalTrend: '+100%', monthTrend: '+25%' });
    expect(changeText(3, 4)).toBe('-25%');
    expect(changeText(0, 0)).toBe('0%');
    expect(changeText(2, 0)).toBe('+2');
  });

  it('shows nothing for a missing figure (never the spec fixed values), and no badge from a saved copy', () => {
    expect(statsDisplay(undefined)).toEqual({
      availableBadge: null,
      totalTrend: null,
      monthTrend: null,
      totalAccepted: null,
      thisMonth: null,
    });
    expect(statsDisplay({ totalAccepted: 4, thisMonthAccepted: 1, availableCount: 0 })).toMatchObject({
      availableBadge: 0,
      totalTrend: '+33%',
      monthTrend: null,
    });
    expect(statsDisplay({ totalAccepted: 4, thisMonthAccepted: 1, lastMonthAccepted: 1, availableCount: 2 }, false)).toEqual({
      availableBadge: null,
      totalAccepted: 4,
      thisMonth: 1,
      totalTrend: '+33%',
      monthTrend: '0%',
    });
  });

  it('makes initials with EP as fallback', () => {
    expect(initialsOf('Grace Brewster Hopper')).toBe('GH');
    expect(initialsOf('cher')).toBe('C');
    expect(initialsOf('')).toBe('EP');
    expect(initialsOf(undefined)).toBe('EP');
  });
});

describe('portal frame', () => {
  it('shows the title, real badges, initials, the dashboard cards and recent bookings (first 5)', async () => {
    signInEmployee();
    const six = Array.from({ length: 6 }, (_, i) => booking({ id: `66b00000000000000000000${i}`, customer_name: `Customer ${i}` }));
    mockFetch(portalServer({ 'GET /api/employee/my-bookings': () => ({ status: 200, body: { success: true, bookings: six } }) }));
    renderPortal('/employee/dashboard');
    expect(await screen.findByText('Employee Portal')).toBeTruthy();
    expect(await screen.findByLabelText('What we told you, 2 new')).toBeTruthy();
    expect(screen.getByLabelText('2 available')).toBeTruthy();
    const avatar = screen.getByRole('button', { name: 'Account menu for Grace Hopper' });
    expect(avatar.querySelector('[aria-hidden="true"]')?.textContent).toBe('GH');
    expect(await screen.findByText('Customer 4')).toBeTruthy();
    expect(screen.queryByText('Customer 5')).toBeNull();
    expect(screen.getByText('+100%')).toBeTruthy();
    expect(screen.getByText('+25%')).toBeTruthy();
    const nav = screen.getByRole('navigation');
    expect(within(nav).getAllByRole('link').map((l) => l.textContent?.replace(/\d+$/, ''))).toEqual([
      '▦Dashboard',
      '◷My Visits',
      '☰Available Bookings',
      '✓My Bookings',
      '☺My Profile',
      '✎Blog',
      '☼Time off',
      '£Earnings',
    ]);
    expect(screen.getByText('Available')).toBeTruthy();
  });

  it('invents nothing when the stats call fails: no badge, no trend, a dash for each figure; and the empty recent list', async () => {
    signInEmployee();
    mockFetch(
      portalServer({ 'GET /api/employee/stats': () => ({ status: 500, body: {} }), 'GET /api/employee/notices/unseen': () => ({ status: 500, body: {} }) }),
    );
    renderPortal('/employee/dashboard');
    // The dashboard page is loaded lazily: wait for it.
    expect(await screen.findByText('No recent bookings found')).toBeTruthy();
    expect(screen.getAllByText('—')).toHaveLength(2);
    expect(screen.queryByText(/%/)).toBeNull();
    expect(screen.queryByLabelText(/What we told you, \d+ new/)).toBeNull();
    expect(screen.queryByLabelText(/\d+ available/)).toBeNull();
  });

  it('on day one (nothing accepted yet) says what to do, with a link, instead of 0 / 0 %', async () => {
    signInEmployee();
    mockFetch(
      portalServer({
        'GET /api/employee/stats': () => ({
          status: 200,
          body: { success: true, stats: { totalAccepted: 0, thisMonthAccepted: 0, lastMonthAccepted: 0, availableCount: 3 } },
        }),
      }),
    );
    renderPortal('/employee/dashboard');
    expect(await screen.findByText(STAFF_MSG.dayOneText)).toBeTruthy();
    expect(screen.getByRole('link', { name: STAFF_MSG.dayOneLink }).getAttribute('href')).toBe('/employee/available-bookings');
    expect(screen.queryByText('Total Accepted')).toBeNull();
    expect(screen.queryByText(/0%/)).toBeNull();
  });

  it('the account menu has My Profile, Settings, Logout; Logout clears the token and ends the session on the server', async () => {
    signInEmployee('emp-token-1');
    const calls = mockFetch(portalServer({ 'POST /api/employee/logout': () => ({ status: 200, body: { success: true } }) }));
    const user = userEvent.setup();
    renderPortal('/employee/dashboard');
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    const items = screen.getAllByRole('menuitem').map((m) => m.textContent);
    expect(items).toEqual(['My Profile', 'Settings', 'Logout']);
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/employee/login'));
    expect(localStorage.getItem('employeeToken')).toBeNull();
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path === '/api/employee/logout')?.headers.Authorization).toBe('Bearer emp-token-1'));
  });

  it('on a phone (≤ 768 px) the sidebar starts closed, opens with the toggle and closes after navigation', async () => {
    window.innerWidth = 375;
    signInEmployee();
    mockFetch(portalServer());
    const user = userEvent.setup();
    renderPortal('/employee/dashboard');
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    await user.click(within(screen.getByRole('navigation')).getByRole('link', { name: /My Bookings/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/employee/my-bookings'));
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('the account menu works from the keyboard: focus moves in, arrows move, Escape closes', async () => {
    signInEmployee();
    mockFetch(portalServer());
    const user = userEvent.setup();
    renderPortal('/employee/dashboard');
    const avatar = await screen.findByRole('button', { name: /Account menu/ });
    avatar.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('My Profile'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Settings');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Logout');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(avatar);
  });

  it('on a phone Escape closes the open drawer', async () => {
    window.innerWidth = 375;
    signInEmployee();
    mockFetch(portalServer());
    const user = userEvent.setup();
    renderPortal('/employee/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('navigation')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('on a desktop the sidebar stays open after navigation', async () => {
    window.innerWidth = 1280;
    signInEmployee();
    mockFetch(portalServer());
    const user = userEvent.setup();
    renderPortal('/employee/dashboard');
    await user.click(within(await screen.findByRole('navigation')).getByRole('link', { name: /Blog/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/employee/blog'));
    expect(screen.getByRole('navigation')).toBeTruthy();
  });
});
