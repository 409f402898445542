// Rate limits as Koa sees them: a limit per request (middleware) and a 429 that sets Retry-After at once.
// The counters themselves are lib/rate-limit.ts.
import type { Context, Middleware } from 'koa';
import { API_MSG } from '@shared/messages-api';
import type { Clock } from '../clock';
import type { HttpError } from '../lib/errors';
import { hit, tooMany } from '../lib/rate-limit';

/** tooMany with the Retry-After header set at once (for middleware that answers itself). */
export function tooManyRequests(ctx: Context, retryAfterMs: number, message: string = API_MSG.tooManyRequests, extra: Record<string, unknown> = {}): HttpError {
  const err = tooMany(retryAfterMs, message, extra);
  ctx.set('Retry-After', String(err.extra.retryAfterSeconds));
  return err;
}

/** Middleware form: every request counts against `key(ctx)` under `name`. */
export function rateLimit(opts: { name: string; max: number; windowMs: number; key: (ctx: Context) => string; clock: Clock; message?: string; }): Middleware {
  return async function limitRate(ctx, next) {
    const result = await hit(opts.name, opts.key(ctx), opts.max, opts.windowMs, opts.clock.now().getTime());
    if (!result.allowed) throw tooManyRequests(ctx, result.retryAfterMs, opts.message);
    await next();
  };
}
