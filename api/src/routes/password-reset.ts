// The forgot/reset pair customers and staff both have: the body is read and its problems mapped to
// errorTypes here, once, so both sides answer a bad request alike; each side brings its own service calls.
import type Router from '@koa/router';
import { MSG } from '@shared/messages';
import { API_MSG } from '@shared/messages-api';
import { fieldErrors } from '@shared/field-errors';
import { forgotPasswordSchema, resetPasswordSchema } from '@shared/schemas/auth';
import { resetError, type ResetInput } from '../services/accounts/password-reset';
import { requestBody } from '../http/request-body';

export interface PasswordResetFlow {
  /** Resolves with the answer's message (staff answer every address alike), or nothing for the usual one. */
  sendCode(email: string, ip: string): Promise<string | void>;
  reset(input: ResetInput): Promise<void>;
}

/** The first field problem as an "unknown" reset error, with every field's message beside it. */
const invalid = (errors: Record<string, string>) => resetError(400, 'unknown', Object.values(errors)[0] ?? API_MSG.validationFailed, { errors });

/** Mounts POST forgot-password and reset-password on the router, under its prefix. */
export function passwordResetRoutes(router: Router, flow: PasswordResetFlow): void {
  router.post('/forgot-password', async (ctx) => {
    const parsed = forgotPasswordSchema.safeParse(requestBody(ctx) ?? {});
    if (!parsed.success) throw invalid(fieldErrors(parsed.error));
    const message = await flow.sendCode(parsed.data.email, ctx.ip);
    ctx.body = { success: true, message: message ?? MSG.otpSent };
  });

  router.post('/reset-password', async (ctx) => {
    const parsed = resetPasswordSchema.safeParse(requestBody(ctx) ?? {});
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      if (errors.newPassword) throw resetError(400, 'weak_password', errors.newPassword, { errors });
      if (errors.otp) throw resetError(400, 'invalid_otp', errors.otp, { errors });
      throw invalid(errors);
    }
    await flow.reset(parsed.data);
    ctx.body = { success: true, message: MSG.passwordResetDone };
  });
}
