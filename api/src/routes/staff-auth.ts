// Staff accounts without an administrator in the loop: accepting an invitation (choose a password,
// land signed in) and resetting a forgotten password by e-mailed code, as customers do.
import Router from '@koa/router';
import { z } from 'zod';
import { OFFICE_MSG } from '@shared/messages-office';
import { welcomeSchema } from '@shared/schemas/office';
import type { Deps } from '../deps';
import { parseBody, parseQuery } from '../http/validate';
import { rateLimit } from '../http/rateLimit';
import { passwordResetRoutes } from '../http/password-reset-routes';
import { acceptInvitation, peekInvitation } from '../services/office/invitations';
import { resetEmployeePassword, sendEmployeeResetCode } from '../services/employee-account';

const tokenQuery = z.object({ token: z.string({ error: OFFICE_MSG.invitationInvalid }).trim().min(20, OFFICE_MSG.invitationInvalid).max(200, OFFICE_MSG.invitationInvalid) });

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

  // A deactivated account is refused; a reset ends every session.
  passwordResetRoutes(router, {
    sendCode: (email, ip) => sendEmployeeResetCode(deps, email, ip),
    reset: (input) => resetEmployeePassword(deps, input),
  });

  return router;
}
