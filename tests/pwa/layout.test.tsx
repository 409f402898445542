// The public layout: header links for guests and customers, role badge colours, sign-out confirmation,
// mobile menu, compact header on scroll, and the footer's legal and staff sign-in links.
import { describe, expect, it, vi, afterEach } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { MSG } from '@shared/messages';
import { HEADER_COMPACT_SCROLL_PX } from '@shared/constants';
import { PublicLayout } from '@/app/layouts/PublicLayout';
import { RoleBadge, roleColour } from '@/app/layouts/RoleBadge';
import { AuthProvider } from '@/lib/auth/AuthProvider';
import { db } from '@/lib/db';
import { mockFetch, signInAs, testUser } from './customer-render';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderLayout(path = '/') {
  const router = createMemoryRouter(
    [{ element: <PublicLayout />, children: [{ path: '*', element: <p>page body</p> }] }],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { router };
}

const header = () => screen.getByRole('banner');

describe('header for a guest', () => {
  it('shows the seven links, Book a clean, Sign In and Sign Up, and no user menu', () => {
    mockFetch(() => ({ status: 500 }));
    renderLayout();
    const nav = within(header()).getByRole('navigation', { name: 'Main' });
    const labels = within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(labels).toEqual([
      ['Home', '/'],
      ['About', '/about'],
      ['Services', '/services'],
      ['Enquiry', '/enquiry'],
      ['Blog', '/blog'],
      ['Career', '/career'],
      ['Contact', '/contact'],
      ['Book a clean', '/?book'],
      ['Sign In', '/login'],
      ['Sign Up', '/signup'],
    ]);
    expect(within(header()).queryByRole('button', { name: /account menu/i })).toBeNull();
    expect(header().querySelector('.role-badge')).toBeNull();
  });

  it('opens and closes the mobile menu with the hamburger (aria-expanded) and Escape', async () => {
    mockFetch(() => ({ status: 500 }));
    renderLayout();
    const user = userEvent.setup();
    const burger = screen.getByRole('button', { name: 'Open menu' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    await user.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('site-nav')!.className).toContain('site-nav--open');
    await user.keyboard('{Escape}');
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    await user.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByText('page body'));
    expect(burger.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the mobile menu after following a link', async () => {
    mockFetch(() => ({ status: 500 }));
    const { router } = renderLayout();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(header()).getByRole('link', { name: 'Blog' }));
    expect(router.state.location.pathname).toBe('/blog');
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('becomes compact after 50 px of scroll, and back only near the top (no flip-flop as it shrinks)', async () => {
    mockFetch(() => ({ status: 500 }));
    renderLayout();
    const scrollTo = (y: number) =>
      act(() => {
        Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
        window.dispatchEvent(new Event('scroll'));
      });
    expect(header().className).not.toContain('site-header--compact');
    scrollTo(HEADER_COMPACT_SCROLL_PX);
    expect(header().className).not.toContain('site-header--compact');
    scrollTo(HEADER_COMPACT_SCROLL_PX + 1);
    await waitFor(() => expect(header().className).toContain('site-header--compact'));
    // Shrinking the header moves the page up by its 12 px: still compact, so it cannot oscillate.
    scrollTo(HEADER_COMPACT_SCROLL_PX - 12);
    expect(header().className).toContain('site-header--compact');
    scrollTo(10);
    await waitFor(() => expect(header().className).not.toContain('site-header--compact'));
  });
});

describe('header for a signed-in customer', () => {
  it('shows the user menu with My Profile and My Bookings instead of Sign In / Sign Up', async () => {
    signInAs();
    mockFetch(() => ({ status: 200, body: { user: testUser } }));
    renderLayout();
    const user = userEvent.setup();
    expect(within(header()).queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(within(header()).queryByRole('link', { name: 'Sign Up' })).toBeNull();
    const menuButton = await within(header()).findByRole('button', { name: /account menu/i });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    await user.click(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('link', { name: 'My Bookings' }).getAttribute('href')).toBe('/orders');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });

  it('a customer\'s badge says Customer (not "user"), in blue', async () => {
    signInAs();
    mockFetch(() => 'network');
    renderLayout();
    const badge = await waitFor(() => header().querySelector('.role-badge')!);
    expect([badge.textContent, badge.getAttribute('data-colour')]).toEqual(['Customer', 'blue']);
  });

  it('shows the role badge in the role colour, blue for a plain user', async () => {
    signInAs({ ...testUser, role: 'admin' });
    mockFetch(() => 'network');
    renderLayout();
    const badge = await waitFor(() => header().querySelector('.role-badge')!);
    expect(badge.textContent).toBe('admin');
    expect(badge.getAttribute('data-colour')).toBe('orange');
  });

  it('asks before signing out: Cancel keeps the session, Sign Out ends it (on the server too) and clears the offline copy', async () => {
    signInAs();
    const calls = mockFetch(() => ({ status: 200, body: { user: testUser } }));
    await db.myBookings.put({ id: `${testUser.id}:b1`, owner: testUser.id, data: { id: 'b1' }, savedAt: Date.now() });
    const { router } = renderLayout('/orders');
    const user = userEvent.setup();

    await user.click(await within(header()).findByRole('button', { name: /account menu/i }));
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(MSG.signOutQuestion)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('token')).toBe('test-token');
    expect(calls.some((c) => c.path === '/api/user/logout')).toBe(false);

    await user.click(await within(header()).findByRole('button', { name: /account menu/i }));
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign Out' }));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(within(header()).getByRole('link', { name: 'Sign In' })).toBeTruthy());
    await waitFor(async () => expect(await db.myBookings.count()).toBe(0));
    // The server is told, with the token being ended, so a copy of it stops working everywhere.
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path === '/api/user/logout')?.headers.Authorization).toBe('Bearer test-token'));
  });
});

describe('role colours', () => {
  it.each([
    ['super-admin', 'red'],
    ['admin', 'orange'],
    ['employee', 'green'],
    ['user', 'blue'],
    [undefined, 'blue'],
    ['something-else', 'blue'],
  ])('%s → %s', (role, colour) => {
    expect(roleColour(role)).toBe(colour);
    render(<RoleBadge role={role} />);
    expect(document.querySelector('.role-badge')!.getAttribute('data-colour')).toBe(colour);
  });
});

describe('footer', () => {
  it('links privacy, terms and the staff sign-in, shows contact details, and has no newsletter form', () => {
    const calls = mockFetch(() => ({ status: 500 }));
    renderLayout();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(within(footer).getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(within(footer).getByRole('link', { name: '020 7946 0321' }).getAttribute('href')).toBe('tel:02079460321');
    expect(within(footer).getByRole('link', { name: 'Staff sign-in' }).getAttribute('href')).toBe('/employee/login');
    // The newsletter form sent nothing: it is left out until it works.
    expect(within(footer).queryByRole('textbox')).toBeNull();
    expect(within(footer).queryByRole('button')).toBeNull();
    expect(within(footer).queryByText(/newsletter/i)).toBeNull();
    expect(calls.length).toBe(0);
  });
});
