// Staff accounts without an administrator in the loop: accepting an invitation (choose a password,
// land signed in) and resetting a forgotten password by e-mailed code, as customers do.
import Router from '@koa/router';
import { z } from 'zod';
import { MSG } from '@shared/messages';
import { OFFICE_MSG } from '@shared/messages-office';
import { welcomeSchema } from '@shared/schemas/office';
import { fieldErrors } from '@shared/schemas/common';
import { forgotPasswordSchema, resetPasswordSchema } from '@shared/schemas/auth';
import type { Deps } from '../deps';
import { requestBody } from '../http/request-body';
import { parseBody, parseQuery } from '../http/validate';
import { rateLimit } from '../http/rateLimit';
import { Employee, type EmployeeDoc } from '../models/Employee';
import { acceptInvitation, peekInvitation } from '../services/office/invitations';
import { resetAccountPassword, resetError, sendAccountResetCode, type ResetAccounts } from '../services/password-reset';
import { hashPassword } from '../services/passwords';

const tokenQuery = z.object({ token: z.string({ error: OFFICE_MSG.invitationInvalid }).trim().min(20, OFFICE_MSG.invitationInvalid).max(200, OFFICE_MSG.invitationInvalid) });

/** Staff side of the shared reset flow: a deactivated account is refused; a reset ends every session. */
const staffResets = (bcryptCost: number): ResetAccounts => ({
  purpose: 'staff-reset',
  async find(email) {
    const e = await Employee.findOne({ email }, { is_active: 1 }).lean<EmployeeDoc>();
    return e ? { id: String(e._id), refused: e.is_active ? undefined : MSG.employeeInactive } : null;
  },
  async setPassword(id, newPassword) {
    await Employee.updateOne({ _id: id }, { $set: { passwordHash: await hashPassword(newPassword, bcryptCost) }, $inc: { tokenVersion: 1 } });
  },
});

export function staffAuthRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api/auth/employee' });
  const linkLimit = rateLimit({ name: 'invitation-ip', max: 60, windowMs: 15 * 60 * 1000, key: (ctx) => ctx.ip });

  router.get('/invitation', linkLimit, async (ctx) => {
    const { token } = parseQuery(ctx, tokenQuery);
    ctx.body = { success: true, invitation: await peekInvitation(token) };
  });

  router.post('/welcome', linkLimit, async (ctx) => {
    const input = parseBody(ctx, welcomeSchema);
    const { token, user } = await acceptInvitation(deps, input);
    ctx.body = { success: true, token, user, message: OFFICE_MSG.welcomeDone };
  });

  const resets = staffResets(deps.config.bcryptCost);
  router.post('/forgot-password', async (ctx) => {
    const parsed = forgotPasswordSchema.safeParse(requestBody(ctx) ?? {});
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      throw resetError(400, 'unknown', Object.values(errors)[0] ?? MSG.validationFailed, { errors });
    }
    await sendAccountResetCode(deps, resets, parsed.data.email, ctx.ip);
    ctx.body = { success: true, message: MSG.otpSent };
  });

  router.post('/reset-password', async (ctx) => {
    const parsed = resetPasswordSchema.safeParse(requestBody(ctx) ?? {});
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      if (errors.newPassword) throw resetError(400, 'weak_password', errors.newPassword, { errors });
      if (errors.otp) throw resetError(400, 'invalid_otp', errors.otp, { errors });
      throw resetError(400, 'unknown', Object.values(errors)[0] ?? MSG.validationFailed, { errors });
    }
    await resetAccountPassword(deps, resets, parsed.data);
    ctx.body = { success: true, message: MSG.passwordResetDone };
  });

  return router;
}
