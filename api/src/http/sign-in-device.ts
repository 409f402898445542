// The sign-in device cookie as Koa reads and sets it; the marks it holds are lib/password-attempts.ts.
import type { Context } from 'koa';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH, DEVICE_TTL_MS, rememberDevice, type SignInAudience } from '../lib/password-attempts';

/** The device cookie this sign-in request carried (for knownDevice). */
export const deviceCookieOf = (ctx: Context, audience: SignInAudience): string | undefined => ctx.cookies.get(DEVICE_COOKIE[audience]);

/** After a successful sign-in: marks this device for the account (Secure when the request came over https). */
export function rememberSignIn(ctx: Context, secret: string, audience: SignInAudience, email: string, now: Date): void {
  ctx.cookies.set(DEVICE_COOKIE[audience], rememberDevice(secret, audience, email, deviceCookieOf(ctx, audience), now.getTime()), {
    httpOnly: true,
    secure: ctx.secure,
    sameSite: 'strict',
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_TTL_MS,
    overwrite: true,
  });
}
