// Fixed-window rate limits with the counters in MongoDB (atomic $inc upsert), so every API instance shares them.
import type { Context, Middleware } from 'koa';
import { MSG } from '../../../shared/messages';
import { RateLimit } from '../models/RateLimit';
import { HttpError } from './errors';

export interface HitResult {
  allowed: boolean;
  /** How long until the current window ends (0 when allowed). */
  retryAfterMs: number;
  count: number;
}

function windowOf(name: string, key: string, windowMs: number, now: number) {
  const start = Math.floor(now / windowMs) * windowMs;
  return { id: `${name}:${key}:${start}`, end: start + windowMs };
}

const isDuplicate = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: number }).code === 11000;

/** Counts one event for name+key and says whether it is still within `max` per window. */
export async function hit(name: string, key: string, max: number, windowMs: number, now = Date.now()): Promise<HitResult> {
  const { id, end } = windowOf(name, key, windowMs, now);
  const update = { $inc: { count: 1 }, $setOnInsert: { expiresAt: new Date(end) } };
  let doc;
  try {
    doc = await RateLimit.findOneAndUpdate({ _id: id }, update, { upsert: true, returnDocument: 'after' }).lean();
  } catch (err) {
    // Two first hits raced on the upsert: the loser retries as a plain increment.
    if (!isDuplicate(err)) throw err;
    doc = await RateLimit.findOneAndUpdate({ _id: id }, update, { upsert: true, returnDocument: 'after' }).lean();
  }
  const count = doc?.count ?? 1;
  const allowed = count <= max;
  return { allowed, retryAfterMs: allowed ? 0 : Math.max(0, end - now), count };
}

/** Takes back one event counted by `hit` at `now` (same window), never below zero. */
export async function unhit(name: string, key: string, windowMs: number, now: number): Promise<void> {
  const { id } = windowOf(name, key, windowMs, now);
  await RateLimit.updateOne({ _id: id, count: { $gt: 0 } }, { $inc: { count: -1 } });
}

/** A 429 answer with a Retry-After header (whole seconds, at least 1). */
export function tooManyRequests(ctx: Context, retryAfterMs: number, message: string = MSG.tooManyRequests, extra: Record<string, unknown> = {}): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  ctx.set('Retry-After', String(seconds));
  return new HttpError(429, message, { retryAfterSeconds: seconds, ...extra });
}

/** Middleware form: every request counts against `key(ctx)` under `name`. */
export function rateLimit(opts: { name: string; max: number; windowMs: number; key: (ctx: Context) => string; message?: string }): Middleware {
  return async function limitRate(ctx, next) {
    const result = await hit(opts.name, opts.key(ctx), opts.max, opts.windowMs);
    if (!result.allowed) throw tooManyRequests(ctx, result.retryAfterMs, opts.message);
    await next();
  };
}
