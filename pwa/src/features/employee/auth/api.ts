import { api, ApiError } from '@/lib/api';
import { employeeSession } from '@/lib/session';
import { fetchStaffProfile } from '@/lib/staff/api';
import type { Employee } from '@shared/schemas/employee';

export interface LoginAnswer {
  success: boolean;
  token: string;
  user: Employee;
  message?: string;
}

export const loginEmployee = (email: string, password: string) =>
  api<LoginAnswer>('/api/auth/employee/login', { method: 'POST', auth: 'none', json: { email, password } });

/**
 * The session check: a stored token is confirmed by the profile. On load, any error answer
 * (invalid token, inactive or deleted account, server failure) clears the token. Once confirmed, a
 * background re-check clears it only for a 4xx: a passing server hiccup does not sign a cleaner out
 * mid-shift. A network failure never clears it: the portal then runs offline on the last-seen data
 * (shared/README.md, Offline guarantees) and checks again when it can.
 */
export async function fetchProfile(confirmed = false): Promise<Employee> {
  try {
    return await fetchStaffProfile();
  } catch (err) {
    if (err instanceof ApiError && (!confirmed || err.status < 500)) employeeSession.clear();
    throw err;
  }
}

type Message = { message?: string };

/** Staff password reset by e-mailed code: the customers' flow against the staff accounts. */
export const staffResetCalls = {
  forgotPassword: (email: string) => api<Message>('/api/auth/employee/forgot-password', { method: 'POST', json: { email } }),
  resetPassword: (input: { email: string; otp: string; newPassword: string; confirmPassword: string }) =>
    api<Message>('/api/auth/employee/reset-password', { method: 'POST', json: input }),
};

/** Whose invitation a welcome link is (or an ApiError saying why it no longer works). */
export const peekInvitation = (token: string) =>
  api<{ invitation: { name: string; email: string } }>(`/api/auth/employee/invitation?token=${encodeURIComponent(token)}`).then((r) => r.invitation);

export const acceptInvitation = (input: { token: string; newPassword: string; confirmPassword: string }) =>
  api<LoginAnswer>('/api/auth/employee/welcome', { method: 'POST', json: input });
