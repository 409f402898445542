// What a successful staff sign-in does, wherever it happens: forget the previous person's portal data,
// keep the profile the answer carried, store the token.
import type { QueryClient } from '@tanstack/react-query';
import { employeeSession } from '@/lib/session';
import type { Employee } from '@shared/schemas/employee';
import type { OFFICE_ROLES } from '@shared/schemas/office';
import { employeeKeys } from '../keys';

export function signInEmployee(queryClient: QueryClient, token: string, employee: Employee): void {
  queryClient.removeQueries({ queryKey: employeeKeys.all });
  queryClient.setQueryData(employeeKeys.profile, employee);
  employeeSession.save(token);
}

/** Where a staff sign-in lands by default: an admin's home is the office, a cleaner's the dashboard. */
export function homeOf(role: string): string {
  // OFFICE_ROLES spelt out (checked by the type below): importing its module would bring zod into this chunk.
  const office: ReadonlyArray<(typeof OFFICE_ROLES)[number]> = ['admin', 'super-admin'];
  return (office as readonly string[]).includes(role) ? '/office' : '/employee/dashboard';
}
