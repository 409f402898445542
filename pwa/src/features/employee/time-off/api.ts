// The cleaner's time off: their requests (newest first) and a new one. Keys sit under 'employee', so a
// sign-out or 401 drops them with the rest of the portal's answers.
import { api } from '@/lib/api';
import type { TimeOffDto, TimeOffInput } from '@shared/schemas/schedule';

export const timeOffKey = ['employee', 'time-off'] as const;
export const fetchMyTimeOff = () => api<{ time_off: TimeOffDto[]; total: number; }>('/api/employee/time-off?limit=20', { auth: 'employee' });
export const askTimeOff = (input: TimeOffInput) =>
  api<{ message: string; time_off: TimeOffDto; }>('/api/employee/time-off', { method: 'POST', auth: 'employee', json: input });
