// The office's calls and query keys. Every call carries the employee token (office roles are staff).
import { api } from '@/lib/api';
import type { Employee } from '@shared/schemas/employee';

export const officeKeys = {
  all: ['office'] as const,
  me: ['office', 'me'] as const,
  staff: (params: Record<string, unknown>) => ['office', 'staff', params] as const,
  staffOne: (id: string) => ['office', 'staff', 'one', id] as const,
  bookings: (params: Record<string, unknown>) => ['office', 'bookings', params] as const,
  booking: (id: string) => ['office', 'bookings', 'one', id] as const,
  customers: (params: Record<string, unknown>) => ['office', 'customers', params] as const,
  customer: (id: string) => ['office', 'customers', 'one', id] as const,
  audit: (params: Record<string, unknown>) => ['office', 'audit', params] as const,
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
export const fetchMe = () => api<{ employee: Employee }>('/api/employee/profile', { auth: 'employee' }).then((r) => r.employee);
