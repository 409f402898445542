// Customer sign-in: e-mail + password login, OTP-verified signup, and Google sign-in. Each marks the
// device (lib/password-attempts.ts), whose own failed passwords are then counted apart.
import Router from '@koa/router';
import { MSG } from '@shared/messages';
import { ACCOUNT_MSG } from '@shared/messages-api';
import { googleLoginSchema, loginSchema, sendOtpSchema, signupSchema, verifyOtpSchema } from '@shared/schemas/auth';
import type { Deps } from '../deps';
import { parseBody } from '../http/validate';
import { HttpError } from '../lib/errors';
import { deviceCookieOf, rememberSignIn } from '../http/sign-in-device';
import { googleSignIn, loginCustomer, sendSignupCode, signUpCustomer, verifySignupCode } from '../services/accounts/customer-account';

export function authRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api' });

  router.post('/auth/user/login', async (ctx) => {
    const { email, password } = parseBody(ctx, loginSchema);
    ctx.body = await loginCustomer(deps, email, password, ctx.ip, deviceCookieOf(ctx, 'customer'));
    rememberSignIn(ctx, deps.config.jwtSecret, 'customer', email, deps.clock.now());
  });

  router.post('/send-otp', async (ctx) => {
    const { email } = parseBody(ctx, sendOtpSchema);
    await sendSignupCode(deps, email, ctx.ip);
    ctx.body = { success: true, message: MSG.otpSent };
  });

  router.post('/verify-otp', async (ctx) => {
    const { email, otp } = parseBody(ctx, verifyOtpSchema);
    ctx.body = { success: true, message: await verifySignupCode(deps, email, otp) };
  });

  router.post('/auth/user/signup', async (ctx) => {
    const input = parseBody(ctx, signupSchema);
    const answer = await signUpCustomer(deps, input);
    rememberSignIn(ctx, deps.config.jwtSecret, 'customer', answer.user.email, deps.clock.now());
    ctx.status = 201;
    ctx.body = answer;
  });

  router.post('/auth/google-login', async (ctx) => {
    // Configuration is checked first: without a client id there is nothing to validate against.
    if (!deps.config.googleClientId) throw new HttpError(503, ACCOUNT_MSG.googleOff);
    const { credential } = parseBody(ctx, googleLoginSchema);
    const answer = await googleSignIn(deps, credential);
    rememberSignIn(ctx, deps.config.jwtSecret, 'customer', answer.user.email, deps.clock.now());
    ctx.body = answer;
  });

  return router;
}
