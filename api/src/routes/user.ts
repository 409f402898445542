// Customer account: password reset by e-mailed code, profile, password change, sign-out and dashboard figures.
import Router from '@koa/router';
import { MSG } from '@shared/messages';
import { fieldErrors } from '@shared/schemas/common';
import { changePasswordSchema, forgotPasswordSchema, profileUpdateSchema, resetPasswordSchema } from '@shared/schemas/auth';
import type { Deps } from '../deps';
import { HttpError } from '../http/errors';
import { requestBody } from '../http/request-body';
import { parseBody } from '../http/validate';
import { customerOf, requireCustomer } from '../http/auth';
import { User, publicUser, type UserDoc } from '../models/User';
import { Booking } from '../models/Booking';
import { changeCustomerPassword, resetCustomerPassword, resetError, sendResetCode, signOutCustomer } from '../services/customer-account';

export function userRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api/user' });
  const customer = requireCustomer(deps);

  router.post('/forgot-password', async (ctx) => {
    const parsed = forgotPasswordSchema.safeParse(requestBody(ctx) ?? {});
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      throw resetError(400, 'unknown', Object.values(errors)[0] ?? MSG.validationFailed, { errors });
    }
    await sendResetCode(deps, parsed.data.email, ctx.ip);
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
    await resetCustomerPassword(deps, parsed.data);
    ctx.body = { success: true, message: MSG.passwordResetDone };
  });

  router.get('/profile', customer, (ctx) => {
    ctx.body = { success: true, user: publicUser(customerOf(ctx)) };
  });

  router.put('/profile', customer, async (ctx) => {
    const input = parseBody(ctx, profileUpdateSchema);
    const updated = await User.findOneAndUpdate({ _id: String(customerOf(ctx)._id) }, { $set: input }, { returnDocument: 'after' }).lean<UserDoc>();
    if (!updated) throw new HttpError(401, MSG.tokenInvalid);
    ctx.body = { success: true, user: publicUser(updated), message: MSG.profileUpdated };
  });

  // Answers with a fresh token: this device stays signed in, every other session ends.
  router.put('/change-password', customer, async (ctx) => {
    const { currentPassword, newPassword } = parseBody(ctx, changePasswordSchema);
    ctx.body = await changeCustomerPassword(deps, customerOf(ctx), currentPassword, newPassword);
  });

  router.post('/logout', customer, async (ctx) => {
    await signOutCustomer(String(customerOf(ctx)._id));
    ctx.body = { success: true, message: MSG.signedOut };
  });

  router.get('/dashboard', customer, async (ctx) => {
    const mine = { user: String(customerOf(ctx)._id) };
    const [totalBookings, pendingBookings, completedBookings] = await Promise.all([
      Booking.countDocuments(mine),
      Booking.countDocuments({ ...mine, status: 'pending' }),
      Booking.countDocuments({ ...mine, status: 'completed' }),
    ]);
    ctx.body = { success: true, stats: { totalBookings, pendingBookings, completedBookings } };
  });

  return router;
}
