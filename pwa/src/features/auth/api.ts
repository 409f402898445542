// The customer sign-in calls (README, API), each a thin wrapper over the one api client (loaded with the first call, lib/apiClient.ts).
import type { AuthResponse } from '@shared/schemas/auth';
import { callApi as api } from '@/lib/apiClient';

interface Message {
  success?: boolean;
  message?: string;
}

export const authApi = {
  login: (email: string, password: string) => api<AuthResponse>('/api/auth/user/login', { method: 'POST', json: { email, password } }),
  googleLogin: (credential: string) => api<AuthResponse>('/api/auth/google-login', { method: 'POST', json: { credential } }),
  sendOtp: (email: string) => api<Message>('/api/send-otp', { method: 'POST', json: { email } }),
  verifyOtp: (email: string, otp: string) => api<Message>('/api/verify-otp', { method: 'POST', json: { email, otp } }),
  signup: (name: string, email: string, password: string) => api<AuthResponse>('/api/auth/user/signup', { method: 'POST', json: { name, email, password } }),
  forgotPassword: (email: string) => api<Message>('/api/user/forgot-password', { method: 'POST', json: { email } }),
  resetPassword: (input: { email: string; otp: string; newPassword: string; confirmPassword: string; }) =>
    api<Message>('/api/user/reset-password', { method: 'POST', json: input }),
};
