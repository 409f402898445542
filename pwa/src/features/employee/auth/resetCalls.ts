// The staff password reset's two calls, on their own: the pre-rendered /employee/forgot-password needs
// nothing else of the staff sign-in calls (api.ts), and the API client loads with the first call.
import { callApi as api } from '@/lib/apiClient';

type Message = { message?: string; };

/** Staff password reset by e-mailed code: the customers' flow against the staff accounts. */
export const staffResetCalls = {
  forgotPassword: (email: string) => api<Message>('/api/auth/employee/forgot-password', { method: 'POST', json: { email } }),
  resetPassword: (input: { email: string; otp: string; newPassword: string; confirmPassword: string; }) =>
    api<Message>('/api/auth/employee/reset-password', { method: 'POST', json: input }),
};
