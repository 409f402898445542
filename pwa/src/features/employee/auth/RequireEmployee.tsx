import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { FrameFallback } from '@/components/ScreenFrame';
import { useEmployeeSession } from './EmployeeSession';

/** Employee screens need an employee token, otherwise /employee/login (shared/README.md, Roles). */
export function RequireEmployee({ children }: { children: ReactNode; }) {
  const { token, employee, checking, offline } = useEmployeeSession();
  if (!token) return <Navigate to="/employee/login" replace />;
  if (checking) return <FrameFallback part="page" />;
  if (!employee && !offline) return <Navigate to="/employee/login" replace />;
  return <>{children}</>;
}
