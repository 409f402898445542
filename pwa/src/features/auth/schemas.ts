// What the sign-in screens validate with, in one chunk loaded on demand (validation.ts).
import { z } from 'zod';
import { MSG } from '@shared/messages';

export { forgotPasswordSchema, loginSchema, resetPasswordFormSchema, signupStep1Schema, signupStep2Schema } from '@shared/schemas/auth';

/** Signup's last step only asks for a code; the server says whether it is the right one. */
export const signupCodeSchema = z.strictObject({ otp: z.string().trim().min(1, MSG.otpRequired) });
