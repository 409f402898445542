import { api } from '@/lib/api';
import { pageOf, withQuery, type Page } from '@/lib/paging';
import type { EmployeeBooking } from '@shared/schemas/employee';
import type { PageInfo } from '@shared/schemas/paging';
import type { TypeFilter } from './typeFilter';

/** A page of the available bookings of one type, filtered and counted by the server. */
export async function fetchAvailable(type: TypeFilter, page: number): Promise<Page<EmployeeBooking>> {
  const path = withQuery('/api/employee/available-bookings', { type: type === 'all' ? undefined : type, page: page > 1 ? page : undefined });
  const res = await api<{ bookings: EmployeeBooking[]; } & Partial<PageInfo>>(path, { auth: 'employee' });
  return pageOf(res.bookings, res, page);
}

/** Accepting makes the booking a plan; a free-text time needs its first visit's London date and time. */
export const acceptBooking = (id: string, firstVisit?: { date: string; time: string; }) =>
  api<{ message?: string; }>(`/api/employee/bookings/${id}/accept`, {
    method: 'POST',
    auth: 'employee',
    ...(firstVisit ? { json: { first_visit: firstVisit } } : {}),
  });
