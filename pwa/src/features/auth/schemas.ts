// What the sign-in screens validate with, in one chunk loaded on demand (validation.ts).
export { forgotPasswordSchema, loginSchema, resetPasswordFormSchema, signupStep1Schema, signupStep2Schema } from '@shared/schemas/auth';
export { fieldErrors } from '@shared/schemas/common';
