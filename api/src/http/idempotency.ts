// Idempotency-Key support for create routes: a retried request gets the first answer instead of a second record.
import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { CLIENT_ID_HEADER, IDEMPOTENCY_BUSY, IDEMPOTENCY_HEADER } from '@shared/constants';
import { API_MSG } from '@shared/messages-api';
import { IdempotencyKey } from '../models/IdempotencyKey';
import { HttpError, badRequest } from '../lib/errors';
import { requestBody } from './request-body';
import { isDuplicateKey } from '../models/duplicate-key';

const KEY_PATTERN = /^[\w-]{1,200}$/;
const CLIENT_ID_PATTERN = /^[\w-]{16,100}$/;

/**
 * Whose keys these are: the signed-in account, else the random client id the PWA keeps, else (a
 * caller that sends none) the IP address. Anonymous keys never share one scope, so one visitor's
 * key cannot block or replay another's item.
 */
function callerOf(ctx: Context): string {
  const sub = (ctx.state.auth as { sub?: string; } | undefined)?.sub;
  if (sub) return sub;
  const clientId = ctx.get(CLIENT_ID_HEADER);
  if (!clientId) return `anon-ip:${ctx.ip}`;
  if (!CLIENT_ID_PATTERN.test(clientId)) throw badRequest(API_MSG.clientIdInvalid(CLIENT_ID_HEADER));
  return `anon:${clientId}`;
}

/** The stored scope of this request's Idempotency-Key, or null without a (valid) key. */
function scopeOf(ctx: Context): string | null {
  const key = ctx.get(IDEMPOTENCY_HEADER);
  if (!key) return null;
  if (!KEY_PATTERN.test(key)) throw badRequest(API_MSG.idempotencyKeyInvalid);
  return `${callerOf(ctx)}:${ctx.method}:${ctx.path}:${key}`;
}

/**
 * When this request repeats one already answered, answers it with the stored answer and says true;
 * else false. Judged by the key alone, before the body is read (uploads: uploadQuota), so a reused key
 * with a different body is not told apart there: it gets the first answer, and nothing is written.
 */
export async function replayAnswered(ctx: Context): Promise<boolean> {
  const scope = scopeOf(ctx);
  const rec = scope === null ? null : await IdempotencyKey.findOne({ scope, state: 'done' }).lean();
  if (!rec) return false;
  replay(ctx, rec);
  return true;
}

export interface IdempotencyOptions {
  /** How long a repeat waits for the first request to finish before answering 409. */
  waitMs?: number;
  pollMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** JSON with object keys sorted, so the same body in a different key order hashes the same. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    return `{${Object.keys(obj).sort().map((k) => `${JSON.stringify(k)}:${stable(obj[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function bodyHash(ctx: Context): string {
  return createHash('sha256').update(stable(requestBody(ctx))).digest('hex');
}

function replay(ctx: Context, rec: { status?: number | null; responseJson?: string | null; }) {
  ctx.status = rec.status ?? 200;
  ctx.body = rec.responseJson ? JSON.parse(rec.responseJson) : undefined;
  ctx.set('Idempotent-Replayed', 'true');
}

/** Place after the auth middleware so the key is scoped to the caller. No header: the route runs normally. */
export function idempotent(opts: IdempotencyOptions = {}): Middleware {
  const waitMs = opts.waitMs ?? 10_000;
  const pollMs = opts.pollMs ?? 100;
  return async function idempotency(ctx, next) {
    const scope = scopeOf(ctx);
    if (!scope) return next();
    const hash = bodyHash(ctx);
    // How long this request waits for another attempt of the same key: a monotonic timer, not a "now".
    const deadline = performance.now() + waitMs;

    for (;;) {
      try {
        await IdempotencyKey.create({ scope, bodyHash: hash, state: 'in-progress' });
        break; // we own the key: run the handler below
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      const rec = await IdempotencyKey.findOne({ scope }).lean();
      if (!rec) continue; // the first attempt failed and released the key: try to take it
      if (rec.bodyHash !== hash) {
        throw new HttpError(422, API_MSG.idempotencyKeyReused);
      }
      if (rec.state === 'done') return replay(ctx, rec);
      if (performance.now() >= deadline) {
        // Tagged, so a client retries this 409 (still in progress) but not a refusal (also 409).
        throw new HttpError(409, API_MSG.idempotencyKeyBusy, { errorType: IDEMPOTENCY_BUSY });
      }
      await sleep(pollMs);
    }

    try {
      await next();
    } catch (err) {
      // A failed attempt must not block a retry.
      await IdempotencyKey.deleteOne({ scope, state: 'in-progress' });
      throw err;
    }
    const status = ctx.status;
    // Only JSON answers can be stored and replayed; streams and buffers (downloads) are not remembered.
    const replayable = ctx.body == null || typeof ctx.body === 'string' ||
      (typeof ctx.body === 'object' && !Buffer.isBuffer(ctx.body) && typeof (ctx.body as { pipe?: unknown; }).pipe !== 'function');
    if (!replayable || status >= 500 || status < 200 || (status >= 300 && status < 400)) {
      await IdempotencyKey.deleteOne({ scope, state: 'in-progress' });
      return;
    }
    const responseJson = ctx.body === undefined || ctx.body === null ? undefined : JSON.stringify(ctx.body);
    await IdempotencyKey.updateOne({ scope }, { $set: { state: 'done', status, responseJson } });
  };
}
