// The signed-in customer behind a bearer token: loaded once per request, refused when gone or blocked.
import type { Context, Middleware } from 'koa';
import mongoose from 'mongoose';
import { MSG } from '../../../shared/messages';
import type { Deps } from '../deps';
import { authOf, requireAuth } from '../http/auth';
import { forbidden, unauthorized } from '../http/errors';
import { User, type UserDoc } from '../models/User';

export const ACCOUNT_BLOCKED = 'This account has been blocked. Please contact support.';

/**
 * Requires a customer token whose user still exists and is not blocked; puts it on ctx.state.user.
 * Two middleware, spread into a route: `router.get(path, ...requireCustomer(deps), handler)`.
 */
export function requireCustomer(deps: Pick<Deps, 'tokens'>): Middleware[] {
  return [
    requireAuth(deps.tokens, 'customer'),
    async (ctx: Context, next: () => Promise<unknown>) => {
      const { sub } = authOf(ctx);
      // A token for a deleted account (or a forged sub that is not an id) is simply no longer valid.
      if (!mongoose.isValidObjectId(sub)) throw unauthorized(MSG.tokenInvalid);
      const user = await User.findById(sub).lean<UserDoc>();
      if (!user) throw unauthorized(MSG.tokenInvalid);
      if (user.blocked) throw forbidden(ACCOUNT_BLOCKED);
      ctx.state.user = user;
      await next();
    },
  ];
}

export function customerOf(ctx: Context): UserDoc {
  return ctx.state.user as UserDoc;
}
