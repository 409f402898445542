import { z } from 'zod';
import { FIELD_MSG, MSG } from '../messages';
import { ROLES } from '../constants';
import { boundedString, email, otp, password, requiredText, optionalText } from './common';

export const loginSchema = z.strictObject({ email, password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(200) });
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z.strictObject({ name: requiredText(MSG.nameRequired, 100), email, password });
export type SignupInput = z.infer<typeof signupSchema>;

/** Signup screen steps: each step validated on its own before moving on. */
export const signupStep1Schema = z.strictObject({ name: requiredText(MSG.nameRequired, 100), email });
export const signupStep2Schema = z
  .strictObject({ password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsDontMatch, path: ['confirmPassword'] });

/** Signup's last step only asks for a code; the server says whether it is the right one. */
export const signupCodeSchema = z.strictObject({ otp: z.string().trim().min(1, MSG.otpRequired) });

export const sendOtpSchema = z.strictObject({ email });
export const verifyOtpSchema = z.strictObject({ email, otp });
export const forgotPasswordSchema = z.strictObject({ email });
export const resetPasswordSchema = z.strictObject({
  email,
  otp,
  newPassword: z.string({ error: MSG.passwordRequired }).min(6, MSG.resetPasswordTooShort).max(200),
  /** Optional: when sent, the server checks it matches newPassword (errorType password_mismatch). */
  confirmPassword: z.string().max(200).optional(),
});
/** The reset dialog's own rules, including the confirmation field the API never sees. */
export const resetPasswordFormSchema = z
  .strictObject({
    otp: boundedString(6, MSG.invalidOtp).regex(/^\d{1,6}$/, MSG.invalidOtp),
    newPassword: z.string(),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MSG.resetPasswordsDontMatch, path: ['confirmPassword'] })
  .refine((v) => v.newPassword.length >= 6, { message: MSG.resetPasswordTooShort, path: ['newPassword'] });

export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1, MSG.passwordRequired).max(200),
  newPassword: password,
});
/** The profile's password change as the form checks it: the API's rule plus the confirmation it never sees. */
export const changePasswordFormSchema = z
  .strictObject({ currentPassword: z.string().min(1, MSG.passwordRequired).max(200), newPassword: password, confirmPassword: z.string().max(200) })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MSG.passwordsDontMatch, path: ['confirmPassword'] });

export const googleLoginSchema = z.strictObject({ credential: z.string().min(1, MSG.googleNoCredential).max(8192) });

export const profileUpdateSchema = z
  .strictObject({
    name: requiredText(MSG.nameRequired, 100).optional(),
    phone: optionalText(40),
    address: optionalText(300),
  })
  .refine((v) => Object.keys(v).length > 0, { message: FIELD_MSG.nothingToUpdate });
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export const roleSchema = z.enum(ROLES);

export interface PublicUser {
  id: string;
  email: string;
  name: string;
  picture?: string;
  role: z.infer<typeof roleSchema>;
  phone?: string;
  address?: string;
  /** False for an account made with Google that never set a password (it changes nothing to ask). */
  has_password?: boolean;
  created_at: string;
  updated_at: string;
}

export interface AuthResponse {
  token: string;
  user: PublicUser;
  message: string;
}
