// JSON body parsing with a size limit per route group: sign-in, codes and profiles never need more
// than a few kilobytes, so a megabyte of junk there is refused (413) before it is read or parsed.
import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { parseJsonBody } from './json-body';

/** Limits by path prefix; the first match wins, anything else gets the configured JSON_LIMIT. */
export const BODY_LIMITS: readonly (readonly [prefix: string, limit: string])[] = [
  ['/api/auth/', '16kb'],
  ['/api/send-otp', '16kb'],
  ['/api/verify-otp', '16kb'],
  ['/api/user/forgot-password', '16kb'],
  ['/api/user/reset-password', '16kb'],
  ['/api/user/change-password', '16kb'],
  ['/api/user/profile', '16kb'],
  ['/api/user/logout', '16kb'],
  ['/api/employee/profile', '16kb'],
  ['/api/employee/logout', '16kb'],
  ['/api/user/push-subscriptions', '16kb'],
  ['/api/employee/push-subscriptions', '16kb'],
  ['/api/user/notification-preferences', '16kb'],
  ['/api/employee/notification-preferences', '16kb'],
  ['/api/unsubscribe', '16kb'],
  ['/api/quote', '16kb'],
  // Forms: a 5 000-character message may take 6 bytes a character once JSON-escaped.
  ['/api/contact', '64kb'],
  ['/api/enquiry', '64kb'],
];

/** Routes that read their own raw body (a signature is over the exact bytes: Stripe's webhook). */
export const RAW_BODY_PATHS: ReadonlySet<string> = new Set(['/api/payments/stripe/webhook']);

// JSON is read by parseJsonBody (shape checked before JSON.parse); koa-body keeps the rare others.
const parser = (limit: string): Middleware => {
  const others = koaBody({ json: false, formLimit: limit, textLimit: '64kb', multipart: false });
  return async (ctx, next) => {
    if (!['POST', 'PUT', 'PATCH'].includes(ctx.method) || !ctx.is('json')) return others(ctx, next);
    await parseJsonBody(ctx, limit);
    await next();
  };
};

/** JSON bodies only; multipart routes parse their own uploads with per-route size limits. */
export function jsonBodies(defaultLimit: string): Middleware {
  const parsers = new Map<string, Middleware>();
  for (const [, limit] of BODY_LIMITS) if (!parsers.has(limit)) parsers.set(limit, parser(limit));
  const fallback = parser(defaultLimit);
  return function parseJson(ctx, next) {
    if (RAW_BODY_PATHS.has(ctx.path)) return next();
    const rule = BODY_LIMITS.find(([prefix]) => ctx.path.startsWith(prefix));
    return (rule ? parsers.get(rule[1])! : fallback)(ctx, next);
  };
}
