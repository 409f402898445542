// Customer account: password reset by e-mailed code, profile, password change, sign-out and dashboard figures.
import Router from '@koa/router';
import { MSG } from '@shared/messages';
import { API_MSG } from '@shared/messages-api';
import { changePasswordSchema, profileUpdateSchema } from '@shared/schemas/auth';
import type { Deps } from '../deps';
import { parseBody } from '../http/validate';
import { customerOf } from '../http/auth';
import { requireCustomer } from './guards';
import { passwordResetRoutes } from './password-reset';
import { publicUser } from '../services/accounts/account-view';
import {
  changeCustomerPassword,
  resetCustomerPassword,
  sendCustomerResetCode,
  signOutCustomer,
  updateCustomerProfile,
} from '../services/accounts/customer-account';
import { customerBookingStats } from '../services/bookings/bookings';

export function userRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api/user' });
  const customer = requireCustomer(deps);

  passwordResetRoutes(router, {
    sendCode: (email, ip) => sendCustomerResetCode(deps, email, ip),
    reset: (input) => resetCustomerPassword(deps, input),
  });

  router.get('/profile', customer, (ctx) => {
    ctx.body = { success: true, user: publicUser(customerOf(ctx)) };
  });

  router.put('/profile', customer, async (ctx) => {
    const input = parseBody(ctx, profileUpdateSchema);
    const updated = await updateCustomerProfile(String(customerOf(ctx)._id), input);
    ctx.body = { success: true, user: publicUser(updated), message: MSG.profileUpdated };
  });

  // Answers with a fresh token: this device stays signed in, every other session ends.
  router.put('/change-password', customer, async (ctx) => {
    const { currentPassword, newPassword } = parseBody(ctx, changePasswordSchema);
    ctx.body = await changeCustomerPassword(deps, customerOf(ctx), currentPassword, newPassword);
  });

  router.post('/logout', customer, async (ctx) => {
    await signOutCustomer(String(customerOf(ctx)._id));
    ctx.body = { success: true, message: API_MSG.signedOut };
  });

  router.get('/dashboard', customer, async (ctx) => {
    ctx.body = { success: true, stats: await customerBookingStats(String(customerOf(ctx)._id)) };
  });

  return router;
}
