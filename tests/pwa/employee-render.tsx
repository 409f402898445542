// Test harness for the employee portal: the real EmployeeApp under a memory router, real providers,
// and a scripted fetch that records every call.
import { configure, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { ToastProvider } from '@/components/Toast';
import EmployeeApp from '@/features/employee/EmployeeApp';
import EmployeeLoginPage from '@/features/employee/auth/LoginPage';
import ForgotPasswordPage from '@/features/employee/auth/ForgotPasswordPage';
import type { Employee, EmployeeBooking } from '@shared/schemas/employee';

// Screens are lazy chunks; the first import in a cold worker on a busy machine can take seconds.
// Whole flows (type, submit, wait for the reload) need more than the default 5 s when every test file
// runs at once on two cores.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

export const EMPLOYEE_ID = '65a000000000000000000007';

/** A JWT-shaped token whose payload carries the employee id as `sub` (the signature is not checked here). */
export const fakeToken = (sub = EMPLOYEE_ID) => `h.${btoa(JSON.stringify({ sub, aud: 'employee' })).replace(/=+$/, '')}.s`;

export const testEmployee: Employee = {
  id: EMPLOYEE_ID,
  name: 'Grace Hopper',
  email: 'grace@example.com',
  role: 'employee',
  phone: '07700 900456',
  address: '2 Clean Lane',
  post_code: 'SW1A1AA',
  area_serves: 'Westminster',
  best_suited_for: 'Deep cleans',
  has_own_car: true,
  is_active: true,
  created_at: '2026-01-10T09:00:00.000Z',
};

export function booking(over: Partial<EmployeeBooking> = {}): EmployeeBooking {
  return {
    id: '66b0000000000000000000a1',
    reference: 'SC-7K4Q2',
    scheduledAt: null,
    workOpensAt: null,
    customer_name: 'Ada Lovelace',
    customer_email: 'ada@example.com',
    customer_phone: '07700 900123',
    propertyType: 'House',
    cleaningType: 'Standard',
    frequency: 'Weekly',
    postcode: 'N16AB',
    bedrooms: '2',
    bathrooms: '1',
    receptions: '1',
    bestDays: 'Monday at 10:00',
    supplies: 'Not sure yet',
    status: 'accepted',
    created_at: '2026-11-01T10:00:00.000Z',
    work_submitted: false,
    ...over,
  };
}

export function signInEmployee(token = fakeToken()) {
  localStorage.setItem('employeeToken', token);
}

export interface Call {
  method: string;
  path: string;
  /** The query string's parameters (`?page=2` → { page: '2' }). */
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}
export type Responder = (call: Call) => { status: number; body?: unknown; } | 'network';

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

/** The usual answers of a signed-in employee; `over` replaces any of them by "METHOD path". */
export function portalServer(over: Record<string, (call: Call) => { status: number; body?: unknown; } | 'network'> = {}): Responder {
  return (call) => {
    const key = `${call.method} ${call.path}`;
    if (over[key]) return over[key](call);
    switch (key) {
      case 'GET /api/employee/profile':
        return { status: 200, body: { success: true, employee: testEmployee } };
      case 'GET /api/employee/stats':
        return { status: 200, body: { success: true, stats: { totalAccepted: 10, thisMonthAccepted: 5, lastMonthAccepted: 4, availableCount: 2 } } };
      case 'GET /api/employee/my-bookings':
        return { status: 200, body: { success: true, bookings: [] } };
      case 'GET /api/employee/available-bookings':
        return { status: 200, body: { success: true, bookings: [] } };
      case 'GET /api/employee/notices/unseen':
        return { status: 200, body: { success: true, unseen: 2 } };
      case 'GET /api/employee/blog-posts':
        return { status: 200, body: { success: true, blog_posts: [] } };
      default:
        return { status: 404, body: { success: false, message: `no mock for ${key}` } };
    }
  };
}

function Where() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

export function renderPortal(path: string, state?: unknown) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      // Staff sign-in has routes of its own beside the portal, as in app/router.tsx.
      ...[
        { path: '/employee/login', Page: EmployeeLoginPage },
        { path: '/employee/forgot-password', Page: ForgotPasswordPage },
      ].map(({ path: at, Page }) => ({
        path: at,
        element: (
          <>
            <Page />
            <Where />
          </>
        ),
      })),
      {
        path: '/employee/*',
        element: (
          <>
            <EmployeeApp />
            <Where />
          </>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [state === undefined ? path : { pathname: path, state }] },
  );
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>,
    ),
  };
}

/** The server's paged answer: `all` cut to the `?page=` asked for, with the paging fields beside `key`. */
export function pagedAnswer<T>(key: string, all: T[], query: Record<string, string>, extra: Record<string, unknown> = {}, limit = 20) {
  const page = Number(query.page ?? 1);
  const size = Number(query.limit ?? limit);
  return {
    status: 200,
    body: {
      success: true,
      [key]: all.slice((page - 1) * size, page * size),
      page,
      limit: size,
      total: all.length,
      pages: Math.ceil(all.length / size),
      ...extra,
    },
  };
}

/** Tells the page the browser went offline or online (navigator.onLine and its event). */
export function setBrowserOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}
