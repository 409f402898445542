// The office's calls and query keys. Every call carries the employee token (office roles are staff).
import { api } from '@/lib/api';

export const officeKeys = {
  all: ['office'] as const,
  me: ['office', 'me'] as const,
  stats: ['office', 'stats'] as const,
  staff: (params: Record<string, unknown>) => ['office', 'staff', params] as const,
  staffOne: (id: string) => ['office', 'staff', 'one', id] as const,
  /** Every booking query (board pages and details): what a change to a booking refreshes. */
  allBookings: ['office', 'bookings'] as const,
  bookings: (params: Record<string, unknown>) => ['office', 'bookings', params] as const,
  booking: (id: string) => ['office', 'bookings', 'one', id] as const,
  /** Every customer query (lists and records): what a change to a customer refreshes. */
  allCustomers: ['office', 'customers'] as const,
  customers: (params: Record<string, unknown>) => ['office', 'customers', params] as const,
  customer: (id: string) => ['office', 'customers', 'one', id] as const,
  audit: (params: Record<string, unknown>) => ['office', 'audit', params] as const,
  /** /api/health: its size_warning once the data passes what the embedded database serves, and the data upgrade in progress after a new release. */
  health: ['office', 'health'] as const,
};

/** A query string from the set values only. */
export function qs(params: Record<string, string | number | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export const officeGet = <T>(path: string) => api<T>(`/api/admin${path}`, { auth: 'employee' });
export const officeSend = <T>(method: string, path: string, json?: unknown) => api<T>(`/api/admin${path}`, { method, auth: 'employee', json });

/** Who is signed in: the employee profile (role included). */
