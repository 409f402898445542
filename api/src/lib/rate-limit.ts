// Fixed-window rate limits with the counters in MongoDB (atomic $inc upsert), so every API instance shares them.
// Windows follow the server's clock (clock.ts), like every other time rule, so a moved test clock moves them.
import { API_MSG } from '@shared/messages-api';
import { RateLimit } from '../models/RateLimit';
import { HttpError } from './errors';
import { isDuplicateKey } from '../models/duplicate-key';
import { databaseClock } from '../clock';

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

/** Counts one event for name+key at `now` (the server clock's) and says whether it is still within `max` per window. */
export async function hit(name: string, key: string, max: number, windowMs: number, now: number): Promise<HitResult> {
  const { id, end } = windowOf(name, key, windowMs, now);
  // The counter's TTL runs on the database's real time: the window's end is put there, however far the clock is moved.
  const update = { $inc: { count: 1 }, $setOnInsert: { expiresAt: new Date(databaseClock.now().getTime() + (end - now)) } };
  let doc;
  try {
    doc = await RateLimit.findOneAndUpdate({ _id: id }, update, { upsert: true, returnDocument: 'after' }).lean();
  } catch (err) {
    // Two first hits raced on the upsert: the loser retries as a plain increment.
    if (!isDuplicateKey(err)) throw err;
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

/** A 429 answer; errorHandler turns its retryAfterSeconds (whole seconds, at least 1) into Retry-After. */
export function tooMany(retryAfterMs: number, message: string = API_MSG.tooManyRequests, extra: Record<string, unknown> = {}): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(429, message, { retryAfterSeconds: seconds, ...extra });
}

export interface Counter {
  name: string;
  key: string;
  max: number;
  windowMs: number;
  /** The 429's message when this counter is the one used up. */
  message?: string;
}

/**
 * Counts one event on every counter, or — when any is used up — takes them all back and throws
 * 429 with that counter's message. Returns the give-back for an event that turned out not to count.
 */
export async function takeAll(counters: Counter[], now: number, extra: Record<string, unknown> = {}): Promise<() => Promise<void>> {
  const results = await Promise.all(counters.map((c) => hit(c.name, c.key, c.max, c.windowMs, now)));
  const giveBack = async () => {
    await Promise.all(counters.map((c) => unhit(c.name, c.key, c.windowMs, now)));
  };
  const refused = results.findIndex((r) => !r.allowed);
  if (refused >= 0) {
    await giveBack();
    throw tooMany(results[refused].retryAfterMs, counters[refused].message, extra);
  }
  return giveBack;
}
