import { api } from '../../../lib/api';
import type { EmployeeBooking } from '../../../../../shared/schemas/employee';

export const fetchAvailable = () =>
  api<{ bookings: EmployeeBooking[] }>('/api/employee/available-bookings', { auth: 'employee' }).then((r) => r.bookings);

export const acceptBooking = (id: string) =>
  api<{ message?: string }>(`/api/employee/bookings/${id}/accept`, { method: 'POST', auth: 'employee' });
