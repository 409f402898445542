// Test harness for the customer screens: real providers, a memory router, and a scripted fetch.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { PublicUser } from '@shared/schemas/auth';
import { AuthProvider } from '@/lib/auth/AuthProvider';
import { ToastProvider } from '@/components/Toast';

export const testUser: PublicUser = {
  id: '64b000000000000000000001',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  role: 'user',
  phone: '07700 900123',
  address: '1 Test Street',
  created_at: '2026-01-05T10:00:00.000Z',
  updated_at: '2026-02-06T10:00:00.000Z',
};

/** Stores a customer session the way a sign-in would. */
export function signInAs(user: PublicUser = testUser, token = 'test-token') {
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify(user));
  localStorage.setItem('email', user.email);
  localStorage.setItem('name', user.name);
}

export interface Call {
  method: string;
  path: string;
  /** The query string's parameters (`?page=2` → { page: '2' }). */
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}
type Responder = (call: Call) => { status: number; body?: unknown; } | 'network';

/** Replaces fetch: each request goes to `respond`; every call is recorded. */
export function mockFetch(respond: Responder) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers as Record<string, string>) ?? {},
    };
    calls.push(call);
    const out = respond(call);
    if (out === 'network') throw new TypeError('Failed to fetch');
    return new Response(out.body === undefined ? '' : JSON.stringify(out.body), { status: out.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

/**
 * My Bookings' server: the profile, one booking and its plan view (`/api/user/bookings/{id}`); `extra`
 * answers first (null: not this one). Answers every other call with a plain success.
 */
export function serveOrders(booking: { id: string; }, planView: Record<string, unknown>, extra: (c: Call) => ReturnType<Responder> | null = () => null) {
  return mockFetch((c) => {
    const o = extra(c);
    if (o) return o;
    if (c.path === '/api/user/profile') return { status: 200, body: { user: testUser } };
    if (c.path === '/api/user/bookings') return { status: 200, body: { success: true, bookings: [booking] } };
    if (c.path === `/api/user/bookings/${booking.id}`) return { status: 200, body: { success: true, booking, ...planView } };
    return { status: 200, body: { success: true } };
  });
}

function Where() {
  const loc = useLocation();
  return (
    <>
      <div data-testid="location">{loc.pathname}</div>
      <div data-testid="location-search">{loc.search}</div>
      <div data-testid="location-state">{JSON.stringify(loc.state ?? null)}</div>
    </>
  );
}

/** Renders `element` at `path` inside the app's providers; other routes show their path. */
export function renderAt(element: ReactElement, path = '/', routePath = path, state?: unknown) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: routePath, element },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [{ pathname: path.split('?')[0], search: path.includes('?') ? path.slice(path.indexOf('?')) : '', state }] },
  );
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}
