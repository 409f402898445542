import { api } from '@/lib/api';
import { employeeSession } from '@/lib/session';
import type { Employee, EmployeeProfileUpdateInput } from '@shared/schemas/employee';

/** After a password change the server ends every other session and answers with this device's new token. */
export async function updateProfile(input: EmployeeProfileUpdateInput) {
  const r = await api<{ employee: Employee; message?: string; token?: string }>('/api/employee/profile', { method: 'PUT', auth: 'employee', json: input });
  if (r.token) employeeSession.save(r.token);
  return r;
}
