// Staff accounts without an administrator in the loop: signing in, accepting an invitation (choose a
// password, land signed in) and resetting a forgotten password by e-mailed code, as customers do.
// Each sign-in marks the device (lib/password-attempts.ts), whose own failures are counted apart.
import Router from '@koa/router';
import { z } from 'zod';
import { OFFICE_MSG } from '@shared/messages-office';
import { welcomeSchema } from '@shared/schemas/office';
import { employeeLoginSchema } from '@shared/schemas/employee';
import type { Deps } from '../deps';
import { parseBody, parseQuery } from '../http/validate';
import { rateLimit } from '../http/rate-limit';
import { passwordResetRoutes } from './password-reset';
import { deviceCookieOf, rememberSignIn } from '../http/sign-in-device';
import { acceptInvitation, peekInvitation } from '../services/office/invitations';
import { loginEmployee, resetEmployeePassword, sendEmployeeResetCode } from '../services/accounts/employee-account';

const tokenQuery = z.object({
  token: z.string({ error: OFFICE_MSG.invitationInvalid }).trim().min(20, OFFICE_MSG.invitationInvalid).max(200, OFFICE_MSG.invitationInvalid),
});

export function staffAuthRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api/auth/employee' });
  const linkLimit = rateLimit({ name: 'invitation-ip', max: 60, windowMs: 15 * 60 * 1000, key: (ctx) => ctx.ip, clock: deps.clock });
  // Per-IP cap on sign-in requests; failed attempts are also limited per account (and device) and per IP inside the service.
  const loginLimit = rateLimit({ name: 'employee-login-ip', max: 100, windowMs: 15 * 60 * 1000, key: (ctx) => ctx.ip, clock: deps.clock });

  router.post('/login', loginLimit, async (ctx) => {
    const { email, password } = parseBody(ctx, employeeLoginSchema);
    ctx.body = await loginEmployee(deps, email, password, ctx.ip, deviceCookieOf(ctx, 'employee'));
    rememberSignIn(ctx, deps.config.jwtSecret, 'employee', email, deps.clock.now());
  });

  router.get('/invitation', linkLimit, async (ctx) => {
    const { token } = parseQuery(ctx, tokenQuery);
    ctx.body = { success: true, invitation: await peekInvitation(token, deps.clock.now()) };
  });

  router.post('/welcome', linkLimit, async (ctx) => {
    const input = parseBody(ctx, welcomeSchema);
    const { token, user } = await acceptInvitation(deps, input);
    rememberSignIn(ctx, deps.config.jwtSecret, 'employee', user.email, deps.clock.now());
    ctx.body = { success: true, token, user, message: OFFICE_MSG.welcomeDone };
  });

  // A deactivated account is refused; a reset ends every session.
  passwordResetRoutes(router, {
    sendCode: (email, ip) => sendEmployeeResetCode(deps, email, ip),
    reset: (input) => resetEmployeePassword(deps, input),
  });

  return router;
}
