import { employeeSession } from '@/lib/session';
import { updateStaffProfile } from '@/lib/staff/api';
import type { EmployeeProfileUpdateInput } from '@shared/schemas/employee';

/** After a password change the server ends every other session and answers with this device's new token. */
export async function updateProfile(input: EmployeeProfileUpdateInput) {
  const r = await updateStaffProfile(input);
  if (r.token) employeeSession.save(r.token);
  return r;
}
