// What a successful staff sign-in does, wherever it happens: forget the previous person's portal data,
// keep the profile the answer carried, store the token.
import type { QueryClient } from '@tanstack/react-query';
import { employeeSession } from '@/lib/session';
import type { Employee } from '@shared/schemas/employee';
import { isOfficeRole } from '@shared/constants';
import { employeeKeys } from '../keys';

export function signInEmployee(queryClient: QueryClient, token: string, employee: Employee): void {
  queryClient.removeQueries({ queryKey: employeeKeys.all });
  queryClient.setQueryData(employeeKeys.profile, employee);
  employeeSession.save(token);
}

/** Where a staff sign-in lands by default: an admin's home is the office, a cleaner's the dashboard. */
export function homeOf(role: string): string {
  return isOfficeRole(role) ? '/office' : '/employee/dashboard';
}
