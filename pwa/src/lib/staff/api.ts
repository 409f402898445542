// The signed-in staff member's own account (/api/employee/profile). The portal's session check and
// profile screen and the office's who-am-I all call it, so it sits below those features; each caches
// it under its own key (employeeKeys.profile, officeKeys.me), dropped with that area's cache.
import { api } from '@/lib/api';
import type { Employee, EmployeeProfileUpdateInput } from '@shared/schemas/employee';

export const staffPaths = {
  profile: '/api/employee/profile',
};

export const fetchStaffProfile = () => api<{ employee: Employee; }>(staffPaths.profile, { auth: 'employee' }).then((r) => r.employee);

/** After a password change the answer carries this device's new token (every other session ends). */
export const updateStaffProfile = (input: EmployeeProfileUpdateInput) =>
  api<{ employee: Employee; message?: string; token?: string; }>(staffPaths.profile, { method: 'PUT', auth: 'employee', json: input });
