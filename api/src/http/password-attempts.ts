// Password guesses per key (e-mail + IP for sign-ins, the account for a password change). An attempt
// is counted before the password is checked: with check-then-count, parallel guesses all passed the
// check before any of them counted, so a burst could try far more passwords than the limit. An
// attempt whose password was right gives its count back, so only wrong passwords use the allowance.
import type { Context } from 'koa';
import { hit, tooManyRequests, unhit } from './rateLimit';

export interface AttemptLimit {
  /** Counter name (its own namespace in the rate-limit collection). */
  name: string;
  /** Wrong passwords allowed per window. */
  max: number;
  windowMs: number;
  /** The 429's message (the generic one when absent). */
  message?: string;
}

/** Failed sign-ins allowed per e-mail + IP address: customers and employees alike. */
export const LOGIN_MAX_FAILS = 10;
export const LOGIN_WINDOW_MS = 15 * 60_000;

export interface PasswordAttempt {
  /** The password was right: this attempt does not count against the allowance. */
  succeeded(): Promise<void>;
}

/** Takes one attempt from the allowance of `limit` for `key`, or throws 429 (with Retry-After) when none is left. */
export async function takePasswordAttempt(ctx: Context, limit: AttemptLimit, key: string): Promise<PasswordAttempt> {
  const now = Date.now();
  const r = await hit(limit.name, key, limit.max, limit.windowMs, now);
  if (!r.allowed) throw tooManyRequests(ctx, r.retryAfterMs, limit.message);
  return { succeeded: () => unhit(limit.name, key, limit.windowMs, now) };
}
