import { api } from '../../../lib/api';
import type { Employee, EmployeeProfileUpdateInput } from '../../../../../shared/schemas/employee';

export const updateProfile = (input: EmployeeProfileUpdateInput) =>
  api<{ employee: Employee; message?: string }>('/api/employee/profile', { method: 'PUT', auth: 'employee', json: input });
