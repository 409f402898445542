// Employee session: 401 → token cleared + /employee/login; customer 401s untouched;
// the session check on load; redirects of the portal root and unknown paths; login.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, ApiError } from '@/lib/api';
import { fetchProfile } from '@/features/employee/auth/api';
import { PROFILE_RECHECK_MS } from '@/features/employee/auth/EmployeeSession';
import { fakeToken, mockFetch, portalServer, renderPortal, signInEmployee, testEmployee } from './employee-render';

afterEach(() => vi.unstubAllGlobals());

const location = () => screen.getByTestId('location').textContent;

describe('employee 401 handling', () => {
  it('a 401 on an employee call clears the token and goes to /employee/login', async () => {
    signInEmployee();
    mockFetch(
      portalServer({
        'GET /api/employee/available-bookings': () => ({
          status: 401,
          body: { success: false, message: 'Your session is invalid or has expired. Please sign in again.' },
        }),
      }),
    );
    renderPortal('/employee/available-bookings');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(location()).toBe('/employee/login');
    expect(localStorage.getItem('employeeToken')).toBeNull();
  });

  it('an invalid stored token (profile check 401) is cleared on load', async () => {
    signInEmployee();
    mockFetch(portalServer({ 'GET /api/employee/profile': () => ({ status: 401, body: { success: false } }) }));
    renderPortal('/employee/dashboard');
    await waitFor(() => expect(location()).toBe('/employee/login'));
    expect(localStorage.getItem('employeeToken')).toBeNull();
  });

  it('a failed profile check (inactive account, 403) also clears the token', async () => {
    signInEmployee();
    mockFetch(
      portalServer({
        'GET /api/employee/profile': () => ({ status: 403, body: { success: false, message: 'Your account is inactive. Please contact your manager.' } }),
      }),
    );
    renderPortal('/employee/dashboard');
    await waitFor(() => expect(location()).toBe('/employee/login'));
    expect(localStorage.getItem('employeeToken')).toBeNull();
  });

  it('a customer 401 leaves the employee token alone', async () => {
    signInEmployee();
    localStorage.setItem('token', 'customer-token');
    mockFetch(portalServer({ 'GET /api/user/profile': () => ({ status: 401, body: { success: false } }) }));
    renderPortal('/employee/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    await expect(api('/api/user/profile', { auth: 'customer' })).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('employeeToken')).toBe(fakeToken());
    expect(location()).toBe('/employee/dashboard');
  });
});

describe('profile check', () => {
  it('a server error clears the token on load, but not on a background re-check', async () => {
    mockFetch(portalServer({ 'GET /api/employee/profile': () => ({ status: 500, body: {} }) }));
    signInEmployee();
    await expect(fetchProfile(true)).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('employeeToken')).toBe(fakeToken());
    await expect(fetchProfile(false)).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('employeeToken')).toBeNull();
  });

  it('a 4xx on a background re-check still clears it', async () => {
    mockFetch(portalServer({ 'GET /api/employee/profile': () => ({ status: 403, body: {} }) }));
    signInEmployee();
    await expect(fetchProfile(true)).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('employeeToken')).toBeNull();
  });
});

describe('portal routes', () => {
  it('sends an unauthenticated visitor of a portal screen to login', async () => {
    mockFetch(portalServer());
    renderPortal('/employee/my-bookings');
    await waitFor(() => expect(location()).toBe('/employee/login'));
  });

  it('sends the portal root and unknown paths to the dashboard when signed in, login when not', async () => {
    signInEmployee();
    mockFetch(portalServer());
    const a = renderPortal('/employee');
    await waitFor(() => expect(location()).toBe('/employee/dashboard'));
    a.unmount();
    const b = renderPortal('/employee/nowhere');
    await waitFor(() => expect(location()).toBe('/employee/dashboard'));
    b.unmount();
    localStorage.removeItem('employeeToken');
    renderPortal('/employee/nowhere');
    await waitFor(() => expect(location()).toBe('/employee/login'));
  });

  it('keeps the session when the profile check cannot reach the server (offline)', async () => {
    signInEmployee();
    mockFetch(() => 'network');
    renderPortal('/employee/dashboard');
    expect(await screen.findByText('You are offline — showing saved content')).toBeTruthy();
    expect(localStorage.getItem('employeeToken')).toBe(fakeToken());
  });

  // The portal used to stay "offline" (avatar 'EP', no name) after the server came back, until a reload.
  it('leaves offline mode by itself when the server answers again (page regains focus)', async () => {
    signInEmployee();
    let down = true;
    const server = portalServer();
    mockFetch((call) => (down ? 'network' : server(call)));
    renderPortal('/employee/dashboard');
    expect(await screen.findByText('You are offline — showing saved content')).toBeTruthy();
    down = false;
    // As the browser fires it: at the document, bubbling to the window (where TanStack Query listens).
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    // Well before the re-check every PROFILE_RECHECK_MS would have done it.
    await waitFor(() => expect(screen.queryByText('You are offline — showing saved content')).toBeNull(), { timeout: PROFILE_RECHECK_MS / 2 });
    expect(screen.getByText(`Account menu for ${testEmployee.name}`)).toBeTruthy();
  });

  it('re-checks the server on its own while offline, without any event', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      signInEmployee();
      let down = true;
      const server = portalServer();
      mockFetch((call) => (down ? 'network' : server(call)));
      renderPortal('/employee/dashboard');
      expect(await screen.findByText('You are offline — showing saved content')).toBeTruthy();
      down = false;
      await vi.advanceTimersByTimeAsync(PROFILE_RECHECK_MS + 100);
      await waitFor(() => expect(screen.queryByText('You are offline — showing saved content')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('login', () => {
  it('requires e-mail and password, shows the server message, and signs in', async () => {
    let fail = true;
    const calls = mockFetch(
      portalServer({
        'POST /api/auth/employee/login': () =>
          fail
            ? { status: 401, body: { success: false, message: 'Invalid email or password' } }
            : { status: 200, body: { success: true, token: fakeToken(), user: testEmployee } },
      }),
    );
    const user = userEvent.setup();
    renderPortal('/employee/login');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    // Validation loads on first input or submit: the errors follow it.
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).type).toBe('email');

    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    // A failed sign-in is not a session expiry: nothing navigates.
    expect(location()).toBe('/employee/login');

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location()).toBe('/employee/dashboard'));
    expect(localStorage.getItem('employeeToken')).toBe(fakeToken());
    expect(localStorage.getItem('token')).toBeNull();
    expect(calls.filter((c) => c.path === '/api/auth/employee/login')[0].body).toEqual({ email: 'grace@example.com', password: 'secret1' });
  });

  const signInAs = async (role: string, state?: unknown) => {
    mockFetch(
      portalServer({ 'POST /api/auth/employee/login': () => ({ status: 200, body: { success: true, token: fakeToken(), user: { ...testEmployee, role } } }) }),
    );
    const user = userEvent.setup();
    renderPortal('/employee/login', state);
    expect(await screen.findByText(/Staff and office sign-in/)).toBeTruthy();
    await user.type(await screen.findByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
  };

  it('says it is the office sign-in too, and lands an admin or super-admin in the office', async () => {
    await signInAs('admin');
    await waitFor(() => expect(location()).toBe('/office'));
  });

  it('lands a super-admin in the office too', async () => {
    await signInAs('super-admin');
    await waitFor(() => expect(location()).toBe('/office'));
  });

  it('goes back to the deep link that sent them to sign in, but never off the staff pages', async () => {
    await signInAs('employee', { from: '/office/bookings?status=pending' });
    await waitFor(() => expect(location()).toBe('/office/bookings'));
  });

  it('ignores a "from" that is not one of the staff pages', async () => {
    await signInAs('employee', { from: '//evil.example/office' });
    await waitFor(() => expect(location()).toBe('/employee/dashboard'));
  });

  it('falls back to the spec text when the server gives no message', async () => {
    mockFetch(portalServer({ 'POST /api/auth/employee/login': () => ({ status: 500, body: {} }) }));
    const user = userEvent.setup();
    renderPortal('/employee/login');
    await user.type(await screen.findByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login failed. Please try again.')).toBeTruthy();
  });
});
