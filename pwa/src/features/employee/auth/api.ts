// The staff sign-in pages' calls. They only call on submit: the API client loads with the first call
// (lib/apiClient.ts), so the pre-rendered sign-in and password reset pages paint without it.
import { callApi as api, loadApi } from '@/lib/apiClient';
import { employeeSession } from '@/lib/session';
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
  const [{ fetchStaffProfile }, { ApiError }] = await Promise.all([import('@/lib/staff/api'), loadApi()]);
  try {
    return await fetchStaffProfile();
  } catch (err) {
    if (err instanceof ApiError && (!confirmed || err.status < 500)) employeeSession.clear();
    throw err;
  }
}

/** Whose invitation a welcome link is (or an ApiError saying why it no longer works). */
export const peekInvitation = (token: string) =>
  api<{ invitation: { name: string; email: string; }; }>(`/api/auth/employee/invitation?token=${encodeURIComponent(token)}`).then((r) => r.invitation);

export const acceptInvitation = (input: { token: string; newPassword: string; confirmPassword: string; }) =>
  api<LoginAnswer>('/api/auth/employee/welcome', { method: 'POST', json: input });
